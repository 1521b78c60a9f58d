import type { CallFrame } from '../../../../src-shared/trace/callFrame';
import type { AccountRole, PrestateDiffView, StateSource, StateView } from '../../../../src-shared/trace/stateView';
import type { DecodingService } from '../../decoding/createDecodingService';
import type { TokenFacts } from '../../chains/tokenFacts';
import { accountChangesOf } from './accountChangesOf';
import type { ContractLayout } from './createStorageLayouts';
import { mappingKeysOf } from './mappingKeysOf';
import { nameSlots } from './nameSlots';
import { tokenChangesOf, type ReceiptLog } from './tokenChangesOf';

/** What describing a diff needs: labels, proxies, layouts and token facts, each per network. */
export interface StateDescribing {
  decoding: Pick<DecodingService, 'labelsOf' | 'proxyOf'>;
  layoutOf(networkId: string, address: string, signal?: AbortSignal): Promise<ContractLayout | undefined>;
  tokenFacts(networkId: string, token: string, signal?: AbortSignal): Promise<TokenFacts>;
}

/**
 * A transaction's state diff as the State tab shows it: each changed address with its label and contract name, its
 * slots named by its storage layout (or, behind a proxy, the implementation's), mapping keys tried from the
 * transaction's own words; and token balance changes from its `Transfer` logs, with each token's symbol and
 * decimals. Never fails for want of a name: what cannot be named is shown raw.
 */
export async function describeState(
  deps: StateDescribing,
  networkId: string,
  input: {
    hash: `0x${string}`;
    source: StateSource;
    diff: PrestateDiffView;
    root?: CallFrame;
    logs: readonly ReceiptLog[];
    check?: StateView['check'];
    /** Who the transaction's sender and recipient were, and the block's fee recipient (its `miner`). */
    roles?: Partial<Record<AccountRole, string | null | undefined>>;
  },
  signal?: AbortSignal,
): Promise<StateView> {
  const labelOf = deps.decoding.labelsOf(networkId);
  const keys = mappingKeysOf(input.root, input.logs);
  let namedContracts = 0;
  const accounts = await Promise.all(
    accountChangesOf(input.diff).map(async (account) => {
      const own = await deps.layoutOf(networkId, account.address, signal);
      const label = labelOf(account.address);
      const roles = (['sender', 'recipient', 'feeRecipient'] as const).filter((role) => input.roles?.[role]?.toLowerCase() === account.address);
      const named = { ...account, roles, ...(label ? { label } : {}), ...(own ? { contract: own.contract } : {}) };
      if (account.storage.length === 0) return named;
      const proxy = await deps.decoding.proxyOf(networkId, account.address, { signal }).catch(() => null);
      const behind = proxy?.implementation ? await deps.layoutOf(networkId, proxy.implementation, signal) : undefined;
      const slots = account.storage.map((change) => change.slot);
      const names = nameSlots(own?.layout, slots, keys);
      if (behind) for (const [slot, name] of nameSlots(behind.layout, slots, keys)) if (!names.has(slot)) names.set(slot, name);
      if (own || behind) namedContracts++;
      const layoutContract = behind && behind.contract !== own?.contract && account.storage.some((change) => names.get(change.slot)) ? { layoutContract: behind.contract } : {};
      return { ...named, ...layoutContract, storage: account.storage.map((change) => ({ ...change, ...(names.get(change.slot) ?? {}) })) };
    }),
  );
  const tokens = await Promise.all(
    tokenChangesOf(input.logs).map(async ({ token, holder, change }) => {
      const facts = await deps.tokenFacts(networkId, token, signal).catch(() => ({ symbol: null, decimals: null }));
      const tokenLabel = labelOf(token);
      const holderLabel = labelOf(holder);
      return {
        token,
        holder,
        change: (change < 0n ? `-0x${(-change).toString(16)}` : `0x${change.toString(16)}`) as `0x${string}` | `-0x${string}`,
        symbol: facts.symbol,
        decimals: facts.decimals,
        ...(tokenLabel ? { tokenLabel } : {}),
        ...(holderLabel ? { holderLabel } : {}),
      };
    }),
  );
  return { hash: input.hash, source: input.source, accounts, tokens, diff: input.diff, ...(input.check ? { check: input.check } : {}), namedContracts };
}
