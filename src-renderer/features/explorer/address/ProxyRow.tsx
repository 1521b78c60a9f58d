import type { ProxyView } from '../../../../src-shared/api/explorer';
import { AddressLink } from '../../../components/chain/ChainLinks';
import { InfoRow } from '../../../components/InfoRow';

/** Each proxy standard in words. */
const KIND_WORDS: Record<ProxyView['kind'], string> = {
  eip1967: 'EIP-1967 proxy',
  'eip1967-beacon': 'EIP-1967 beacon proxy',
  transparent: 'transparent proxy (OpenZeppelin, EIP-1967)',
  eip1822: 'EIP-1822 (UUPS) proxy',
  eip1167: 'EIP-1167 minimal proxy',
  safe: "Safe's proxy",
  eip7702: 'EIP-7702 delegation',
};

/**
 * The address page's "Proxy" row, for an address that is one: its standard, the implementation it runs (whose ABI
 * decodes calls and events through it), and its beacon or admin when it has one; for an account delegating its code
 * (EIP-7702), a "Delegates to" row. Nothing for any other address.
 */
export function ProxyRow({ proxy }: { proxy: ProxyView | undefined }) {
  if (!proxy) return null;
  if (proxy.kind === 'eip7702') {
    // An account, not a proxy contract: it signs its own transactions, and whatever calls it runs the delegate's code.
    return (
      <InfoRow label="Delegates to">
        <span className="proxy-row">
          <AddressLink address={proxy.implementation} isContract full />
          <span className="muted"> · {KIND_WORDS.eip7702}: this account runs that contract&apos;s code when called, so calls to it are decoded with its ABI</span>
        </span>
      </InfoRow>
    );
  }
  return (
    <InfoRow label="Proxy">
      <span className="proxy-row">
        {KIND_WORDS[proxy.kind]} → <AddressLink address={proxy.implementation} isContract full />
        {proxy.beacon ? (
          <>
            {' · beacon '}
            <AddressLink address={proxy.beacon} isContract />
          </>
        ) : null}
        {proxy.admin ? (
          <>
            {' · admin '}
            <AddressLink address={proxy.admin} />
          </>
        ) : null}
        <span className="muted"> · calls and events through it are decoded with the implementation&apos;s ABI</span>
      </span>
    </InfoRow>
  );
}
