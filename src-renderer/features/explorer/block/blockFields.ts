import type { FieldKind } from '../fieldKind';

/** The spec's block fields, in reading order, with how each is shown. Fields a node adds are shown after them. */
export const BLOCK_FIELDS: readonly { key: string; label: string; kind: FieldKind }[] = [
  { key: 'number', label: 'Number', kind: 'number' },
  { key: 'hash', label: 'Hash', kind: 'hash' },
  { key: 'parentHash', label: 'Parent hash', kind: 'blockHash' },
  { key: 'timestamp', label: 'Timestamp', kind: 'time' },
  { key: 'miner', label: 'Fee recipient (miner)', kind: 'address' },
  { key: 'gasUsed', label: 'Gas used', kind: 'number' },
  { key: 'gasLimit', label: 'Gas limit', kind: 'number' },
  { key: 'baseFeePerGas', label: 'Base fee per gas', kind: 'gwei' },
  { key: 'blobGasUsed', label: 'Blob gas used', kind: 'number' },
  { key: 'excessBlobGas', label: 'Excess blob gas', kind: 'number' },
  { key: 'size', label: 'Size (bytes)', kind: 'number' },
  { key: 'difficulty', label: 'Difficulty', kind: 'number' },
  { key: 'totalDifficulty', label: 'Total difficulty', kind: 'number' },
  { key: 'extraData', label: 'Extra data', kind: 'bytes' },
  { key: 'nonce', label: 'Nonce', kind: 'hex' },
  { key: 'mixHash', label: 'Mix hash (prevRandao)', kind: 'hash' },
  { key: 'sha3Uncles', label: 'Uncles hash', kind: 'hash' },
  { key: 'stateRoot', label: 'State root', kind: 'hash' },
  { key: 'transactionsRoot', label: 'Transactions root', kind: 'hash' },
  { key: 'receiptsRoot', label: 'Receipts root', kind: 'hash' },
  { key: 'logsBloom', label: 'Logs bloom', kind: 'bloom' },
  { key: 'withdrawalsRoot', label: 'Withdrawals root', kind: 'hash' },
  { key: 'withdrawals', label: 'Withdrawals', kind: 'json' },
  { key: 'parentBeaconBlockRoot', label: 'Parent beacon block root', kind: 'hash' },
  { key: 'requestsHash', label: 'Requests hash', kind: 'hash' },
];

/** Fields shown elsewhere on the page rather than in the list. */
export const BLOCK_FIELDS_ELSEWHERE = new Set(['transactions', 'uncles']);
