import { hexToString, isHex } from 'viem';
import { countOf } from '../../../src-shared/text/countOf';
import { EMPTY_BLOOM_WORD, isEmptyBloom } from '../../../src-shared/chain/isEmptyBloom';
import { shortHex } from '../../../src-shared/text/shortHex';
import { EthAmount } from '../../components/chain/Amounts';
import { AddressLink, BlockLink } from '../../components/chain/ChainLinks';
import { Timestamp } from '../../components/chain/Timestamp';
import { HexValue } from '../../components/HexValue';
import { formatNumber } from '../../lib/formatChain';
import type { FieldKind } from './fieldKind';
import { TRANSACTION_TYPES } from './tx/txFields';

/** A field of a block, transaction or receipt, readable (the raw value is in the object's raw view). */
export function FieldValue({ kind, value, label, nullText = 'pending' }: { kind: FieldKind; value: unknown; label: string; nullText?: string }) {
  if (value === null) return <span className="muted">{nullText} (null)</span>;
  if (value === undefined) return <span className="muted">—</span>;
  if (typeof value !== 'string') return <pre className="mono field-json" tabIndex={0}>{JSON.stringify(value, null, 2)}</pre>;
  switch (kind) {
    case 'number':
      return (
        <span className="mono" title={value}>
          {formatNumber(value)}
        </span>
      );
    case 'wei':
      return <EthAmount wei={value} />;
    case 'gwei':
      return <EthAmount wei={value} unit="gwei" />;
    case 'block':
      return <BlockLink number={value} />;
    case 'blockHash':
      return (
        <span className="chain-value">
          <BlockLink hash={value} />
        </span>
      );
    case 'address':
      return <AddressLink address={value} full />;
    case 'time':
      return <Timestamp seconds={value} full />;
    case 'status':
      return <span className="mono">{value} {value === '0x1' ? <span className="badge badge-ok">success</span> : value === '0x0' ? <span className="badge badge-danger">failed</span> : null}</span>;
    case 'txType':
      return <span className="mono">{value} <span className="muted">{TRANSACTION_TYPES[value] ?? 'unknown type'}</span></span>;
    case 'bytes':
      return <BytesValue value={value} label={label} />;
    case 'bloom':
      return isEmptyBloom(value) ? (
        <span title={value}>
          {EMPTY_BLOOM_WORD} <span className="muted">(no log was emitted)</span>
        </span>
      ) : (
        <span className="mono muted" title={value}>{`${shortHex(value)} (${countOf((value.length - 2) / 2, 'byte')})`}</span>
      );
    default:
      return <HexValue value={value} label={label} />;
  }
}

/** Bytes with their UTF-8 reading when they are printable text (a block's extra data often is). */
function BytesValue({ value, label }: { value: string; label: string }) {
  let text: string | undefined;
  if (isHex(value) && value.length > 2) {
    try {
      const decoded = hexToString(value);
      if (/^[\x20-\x7e\u00a0-\uffff]+$/.test(decoded) && !decoded.includes('\ufffd')) text = decoded;
    } catch {
      text = undefined;
    }
  }
  return (
    <span className="bytes-value">
      <HexValue value={value} label={label} />
      {text ? <span className="muted"> “{text}”</span> : value === '0x' ? <span className="muted"> (empty)</span> : null}
    </span>
  );
}
