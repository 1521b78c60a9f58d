import { countOf } from '../../../../src-shared/text/countOf';
import { InfoRow } from '../../../components/InfoRow';
import { formatNumber } from '../../../lib/formatChain';

/**
 * An address's nonce, named for what it counts. An account's nonce is the number of transactions it has sent; a
 * contract sends none, and its nonce counts the contracts it has created (CREATE and CREATE2), starting at 1 since
 * EIP-161, so it is never read as "transactions sent".
 */
export function NonceRow({ nonce, isContract }: { nonce: string; isContract: boolean }) {
  if (!isContract) return <InfoRow label="Nonce (transactions sent)">{formatNumber(nonce)}</InfoRow>;
  const value = BigInt(nonce);
  return (
    <InfoRow label="Nonce (contracts created)">
      <span>
        {formatNumber(nonce)}
        {value >= 1n ? <span className="muted">{` · ${countOf(Number(value - 1n), 'contract')} created`}</span> : null}
        <br />
        <small className="muted">A contract sends no transactions; its nonce starts at 1 and goes up by one for each contract it creates.</small>
      </span>
    </InfoRow>
  );
}
