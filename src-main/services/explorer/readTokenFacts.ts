import { decodeAbiParameters, type Hex } from 'viem';
import type { TokenFact, TokenFactsView, TokenStandard } from '../../../src-shared/api/explorer';
import { readDecimals, readSymbol } from '../chains/tokenFacts';
import { BlockglassError, walkCauses } from '../errors/blockglassError';
import { revertPayload } from '../rpc/dialects/revertPayload';
import type { RpcService } from '../rpc/createRpcService';
import { tallyHolders } from '../chains/tallyHolders';

/** The calls read, each a selector with its name as the page says it. */
const CALLS = {
  name: { data: '0x06fdde03', says: 'name()' },
  symbol: { data: '0x95d89b41', says: 'symbol()' },
  decimals: { data: '0x313ce567', says: 'decimals()' },
  totalSupply: { data: '0x18160ddd', says: 'totalSupply()' },
  // balanceOf(address(0)): an ERC-20 answers it with a word (0 or what was burned there); an ERC-721 reverts.
  balanceOfZero: { data: `0x70a08231${'0'.repeat(64)}`, says: 'balanceOf(address)' },
  erc165: { data: supportsInterface('01ffc9a7'), says: 'supportsInterface(0x01ffc9a7)' },
  erc721: { data: supportsInterface('80ac58cd'), says: 'supportsInterface(0x80ac58cd)' },
  erc1155: { data: supportsInterface('d9b67a26'), says: 'supportsInterface(0xd9b67a26)' },
} as const;

type CallName = keyof typeof CALLS;
/** A call's answer, or why there is none. */
type Answer = { ok: true; data: string } | { ok: false; why: string };

/** Top holders whose share is given. */
export const TOP_HOLDERS = 10;

function supportsInterface(id: string): string {
  return `0x01ffc9a7${id.padEnd(64, '0')}`;
}

/**
 * A token contract's facts at the head, read in one batch of eth_calls at that block: name, symbol, decimals, total
 * supply, its standard (ERC-165 first, then the ERC-20 calls it answers) and, for an ERC-20, its holders by its
 * Transfer logs up to the same block (unless `holders` is false). A failed call (a revert, an opcode the node's fork lacks) leaves its own fact
 * absent with the node's words, never the others.
 */
export async function readTokenFacts(
  deps: { rpc: Pick<RpcService, 'request'> & Partial<Pick<RpcService, 'client'>> },
  networkId: string,
  token: string,
  signal: AbortSignal,
  options: { block?: string; holders?: boolean } = {},
): Promise<TokenFactsView> {
  // A block asked for is written as a node reads it (no leading zeros).
  const block = options.block ? `0x${BigInt(options.block).toString(16)}` : await deps.rpc.request<string>(networkId, 'eth_blockNumber', [], { signal });
  // Through the batching client where the rpc service offers one: calls sent in the same tick leave as one batch.
  const client = deps.rpc.client ? await deps.rpc.client(networkId, { signal }) : null;
  const call = (data: string): Promise<string> =>
    client
      ? (client.request({ method: 'eth_call', params: [{ to: token as Hex, data: data as Hex }, block as Hex] }) as Promise<string>)
      : deps.rpc.request<string>(networkId, 'eth_call', [{ to: token, data }, block], { signal });
  const names = Object.keys(CALLS) as CallName[];
  const answers = await Promise.all(
    names.map((name) =>
      call(CALLS[name].data).then(
        (data): Answer => ({ ok: true, data }),
        (error: unknown): Answer => {
          if (signal.aborted) throw error;
          return { ok: false, why: whyFailed(error) };
        },
      ),
    ),
  );
  const answer = Object.fromEntries(names.map((name, i) => [name, answers[i]!])) as Record<CallName, Answer>;
  const standard = standardOf(answer);
  const holders: TokenFactsView['holders'] =
    options.holders === false
      ? null
      : 'value' in standard && standard.value.name === 'ERC-20'
        ? await holdersAt(deps, networkId, token, Number(BigInt(block)), signal)
        : { absent: 'value' in standard ? `Counted for ERC-20 tokens only (their Transfer logs carry the amount).` : 'Not a token.' };
  return {
    token,
    block,
    name: fact(answer.name, CALLS.name.says, readSymbolLike),
    symbol: fact(answer.symbol, CALLS.symbol.says, readSymbol),
    decimals: fact(answer.decimals, CALLS.decimals.says, readDecimals),
    totalSupply: fact(answer.totalSupply, CALLS.totalSupply.says, (data) => uintOf(data)?.toString(10) ?? null),
    standard,
    holders,
  };
}

/** A name reads as a symbol does (a string, or an old token's bytes32), but may be longer: up to 64 characters. */
function readSymbolLike(data: string | null): string | null {
  if (!data || data === '0x') return null;
  try {
    const [text] = decodeAbiParameters([{ type: 'string' }], data as Hex);
    // eslint-disable-next-line no-control-regex
    const printable = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '');
    return printable.length > 0 ? printable.slice(0, 64) : null;
  } catch {
    return readSymbol(data);
  }
}

/** A fact from its call's answer: the value read, or why there is none. */
export function fact<T>(answer: Answer, says: string, read: (data: string) => T | null): TokenFact<T> {
  if (!answer.ok) return { absent: `${says} failed: ${answer.why}` };
  if (answer.data === '0x') return { absent: `${says} returned nothing: the contract has no such function.` };
  const value = read(answer.data);
  return value === null ? { absent: `${says} returned ${answer.data.length > 20 ? `${answer.data.slice(0, 18)}…` : answer.data}, which is not one.` } : { value };
}

/** The standard: ERC-165's answers for ERC-721 and ERC-1155 first, else ERC-20 when totalSupply() and balanceOf(address) answer a word. */
export function standardOf(answer: Record<CallName, Answer>): TokenFact<{ name: TokenStandard; how: string }> {
  const says165 = answer.erc165.ok && isTrue(answer.erc165.data);
  const yes = (name: 'erc721' | 'erc1155') => says165 && answer[name].ok && isTrue(answer[name].data);
  if (yes('erc721')) return { value: { name: 'ERC-721', how: `ERC-165: ${CALLS.erc721.says} is true` } };
  if (yes('erc1155')) return { value: { name: 'ERC-1155', how: `ERC-165: ${CALLS.erc1155.says} is true` } };
  const word = (name: CallName) => answer[name].ok && uintOf(answer[name].data) !== null;
  if (word('totalSupply') && word('balanceOfZero')) {
    return { value: { name: 'ERC-20', how: word('decimals') ? 'answers totalSupply(), balanceOf(address) and decimals()' : 'answers totalSupply() and balanceOf(address)' } };
  }
  return { absent: 'Neither ERC-165 names ERC-721 or ERC-1155, nor does it answer totalSupply() and balanceOf(address) as an ERC-20 does.' };
}

async function holdersAt(deps: { rpc: Pick<RpcService, 'request'> }, networkId: string, token: string, to: number, signal: AbortSignal): Promise<TokenFactsView['holders']> {
  try {
    const { transfers, held } = await tallyHolders(deps, networkId, token, to, signal);
    const sum = (rows: typeof held) => rows.reduce((total, [, entry]) => total + entry.balance, 0n);
    const top = held.slice(0, TOP_HOLDERS);
    return { value: { count: held.length, transfers, top: top.length, topHeld: sum(top).toString(10), held: sum(held).toString(10) } };
  } catch (error) {
    if (signal.aborted) throw error;
    return { absent: `Its Transfer logs could not be read: ${whyFailed(error)}` };
  }
}

/** A boolean word that is true. */
function isTrue(data: string): boolean {
  return uintOf(data) === 1n;
}

function uintOf(data: string): bigint | null {
  return /^0x[0-9a-fA-F]{64}$/.test(data) ? BigInt(data) : null;
}

/** The failure in words: the node's error as the rpc layer classified it (redacted), with its own words when it gave them. */
function whyFailed(error: unknown): string {
  const classified = walkCauses(error, (cause) => cause instanceof BlockglassError) as BlockglassError | null;
  const said = classified?.nodeSaid && !classified.shortMessage.includes(classified.nodeSaid) ? ` (the node said “${classified.nodeSaid.slice(0, 160)}”)` : '';
  if (classified) return `${classified.shortMessage.replace(/\.$/, '')}${said}.`;
  return revertPayload(error).reverted ? 'it reverted.' : 'the node refused the call.';
}
