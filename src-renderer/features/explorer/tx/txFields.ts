import type { FieldKind } from '../fieldKind';

/** The spec's transaction fields, in reading order (type-specific ones appear when the node sends them). */
export const TRANSACTION_FIELDS: readonly { key: string; label: string; kind: FieldKind }[] = [
  { key: 'hash', label: 'Hash', kind: 'hash' },
  { key: 'type', label: 'Type', kind: 'txType' },
  { key: 'blockHash', label: 'Block hash', kind: 'blockHash' },
  { key: 'blockNumber', label: 'Block', kind: 'block' },
  { key: 'blockTimestamp', label: 'Block timestamp', kind: 'time' },
  { key: 'transactionIndex', label: 'Index in block', kind: 'number' },
  { key: 'from', label: 'From', kind: 'address' },
  { key: 'to', label: 'To', kind: 'address' },
  { key: 'value', label: 'Value', kind: 'wei' },
  { key: 'nonce', label: 'Nonce', kind: 'number' },
  { key: 'gas', label: 'Gas limit', kind: 'number' },
  { key: 'gasPrice', label: 'Gas price', kind: 'gwei' },
  { key: 'maxFeePerGas', label: 'Max fee per gas', kind: 'gwei' },
  { key: 'maxPriorityFeePerGas', label: 'Max priority fee per gas', kind: 'gwei' },
  { key: 'maxFeePerBlobGas', label: 'Max fee per blob gas', kind: 'gwei' },
  { key: 'blobVersionedHashes', label: 'Blob versioned hashes', kind: 'json' },
  { key: 'accessList', label: 'Access list', kind: 'json' },
  { key: 'authorizationList', label: 'Authorization list', kind: 'json' },
  { key: 'chainId', label: 'Chain id', kind: 'number' },
  { key: 'input', label: 'Input data', kind: 'hex' },
  { key: 'yParity', label: 'y parity', kind: 'hex' },
  { key: 'v', label: 'v', kind: 'hex' },
  { key: 'r', label: 'r', kind: 'hex' },
  { key: 's', label: 's', kind: 'hex' },
];

/** The spec's receipt fields. */
export const RECEIPT_FIELDS: readonly { key: string; label: string; kind: FieldKind }[] = [
  { key: 'status', label: 'Status', kind: 'status' },
  { key: 'root', label: 'State root (pre-Byzantium)', kind: 'hash' },
  { key: 'transactionHash', label: 'Transaction hash', kind: 'hash' },
  { key: 'transactionIndex', label: 'Index in block', kind: 'number' },
  { key: 'blockHash', label: 'Block hash', kind: 'blockHash' },
  { key: 'blockNumber', label: 'Block', kind: 'block' },
  { key: 'from', label: 'From', kind: 'address' },
  { key: 'to', label: 'To', kind: 'address' },
  { key: 'contractAddress', label: 'Contract created', kind: 'address' },
  { key: 'gasUsed', label: 'Gas used', kind: 'number' },
  { key: 'cumulativeGasUsed', label: 'Cumulative gas used', kind: 'number' },
  { key: 'effectiveGasPrice', label: 'Effective gas price', kind: 'gwei' },
  { key: 'blobGasUsed', label: 'Blob gas used', kind: 'number' },
  { key: 'blobGasPrice', label: 'Blob gas price', kind: 'gwei' },
  { key: 'type', label: 'Type', kind: 'txType' },
  { key: 'logsBloom', label: 'Logs bloom', kind: 'bloom' },
];

/** Transaction types by their number, in words. */
export const TRANSACTION_TYPES: Record<string, string> = {
  '0x0': 'legacy (type 0)',
  '0x1': 'access list (type 1, EIP-2930)',
  '0x2': 'dynamic fee (type 2, EIP-1559)',
  '0x3': 'blob (type 3, EIP-4844)',
  '0x4': 'set code (type 4, EIP-7702)',
};
