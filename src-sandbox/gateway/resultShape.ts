import { isPlainObject } from './validateRequest';

/**
 * How one method's result is brought into the execution-apis shape. Anvil adds members that the
 * spec's schemas (and the hosted service, which runs geth-style clients) do not have:
 * - receipts carry `blockTimestamp` as a decimal JSON number (Anvil 1.7); `ReceiptInfo` has
 *   `additionalProperties: false` and no such member;
 * - receipts of non-blob transactions carry `blobGasPrice`, which the spec gives blob transactions
 *   only (geth sends it only for them);
 * - blob transaction objects carry their sidecar (`blobs`, `commitments`, `proofs`: 128 KiB per
 *   blob, in every full block too); the spec's `TransactionInfo` is the transaction without it.
 */
export interface ResultShape {
  /** Byte strings at least one of which a result needing a rewrite contains; others pass unparsed. */
  markers: readonly Buffer[];
  /** Returns the spec-shaped result (a new value; the input is not modified). */
  shape(result: unknown): unknown;
}

const SIDECAR_MEMBERS = new Set(['blobs', 'commitments', 'proofs']);
const BLOB_ONLY_RECEIPT_MEMBERS = new Set(['blobGasPrice', 'blobGasUsed']);
const BLOB_TX_TYPE = '0x3';

// In JSON text an unescaped quote cannot sit inside a string, so `"name":` only ever occurs as a
// member name: a marker never misses a member (it may rarely match one that needs no change).
const marker = (name: string) => Buffer.from(`"${name}":`);
const RECEIPT_MARKERS = [marker('blockTimestamp'), marker('blobGasPrice'), marker('blobGasUsed')];
const SIDECAR_MARKERS = [...SIDECAR_MEMBERS].map(marker);

const RECEIPT: ResultShape = { markers: RECEIPT_MARKERS, shape: shapeReceipt };
const RECEIPTS: ResultShape = { markers: RECEIPT_MARKERS, shape: (r) => (Array.isArray(r) ? r.map(shapeReceipt) : r) };
const TRANSACTION: ResultShape = { markers: SIDECAR_MARKERS, shape: shapeTransaction };
/** The shape of eth_getBlockByNumber / eth_getBlockByHash results. */
export const BLOCK_RESULT_SHAPE: ResultShape = { markers: SIDECAR_MARKERS, shape: shapeBlock };

// The seed: a pending block's number, hash, nonce and logsBloom are null (it is not sealed). Anvil fills them.
const PENDING_NULLS = ['number', 'hash', 'nonce', 'logsBloom'];
/** The shape of an eth_getBlockByNumber("pending") result: a block, with the members the seed nulls. */
const PENDING_BLOCK_SHAPE: ResultShape = {
  markers: [marker('hash')],
  shape: (block) => {
    const shaped = shapeBlock(block);
    return isPlainObject(shaped) ? { ...shaped, ...Object.fromEntries(PENDING_NULLS.map((name) => [name, null])) } : shaped;
  },
};

/** The rewrite a method's result needs, or undefined for methods whose results pass as the node sent them. */
export function resultShapeFor(method: string, params?: unknown): ResultShape | undefined {
  if (method === 'eth_getBlockByNumber' && Array.isArray(params) && params[0] === 'pending') return PENDING_BLOCK_SHAPE;
  switch (method) {
    case 'eth_getTransactionReceipt':
    case 'eth_sendRawTransactionSync':
      return RECEIPT;
    case 'eth_getBlockReceipts':
      return RECEIPTS;
    case 'eth_getTransactionByHash':
    case 'eth_getTransactionByBlockHashAndIndex':
    case 'eth_getTransactionByBlockNumberAndIndex':
      return TRANSACTION;
    case 'eth_getBlockByNumber':
    case 'eth_getBlockByHash':
      return BLOCK_RESULT_SHAPE;
    default:
      return undefined;
  }
}

/** True when `bytes` may hold something `shape` rewrites. */
export function mayNeedShape(shape: ResultShape, bytes: Buffer): boolean {
  return shape.markers.some((m) => bytes.includes(m));
}

/** A receipt as `ReceiptInfo`: no `blockTimestamp`, blob members only on blob transactions, logs as `Log`. */
export function shapeReceipt(receipt: unknown): unknown {
  if (!isPlainObject(receipt)) return receipt;
  const blob = receipt.type === BLOB_TX_TYPE;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(receipt)) {
    if (name === 'blockTimestamp' || (!blob && BLOB_ONLY_RECEIPT_MEMBERS.has(name))) continue;
    out[name] = name === 'logs' && Array.isArray(value) ? value.map(shapeLog) : value;
  }
  return out;
}

/**
 * A log as `Log`, whose `blockTimestamp` is a hex quantity. Anvil 1.7 already sends it that way in
 * logs (only the receipt's own is a number); this keeps a node that sends a number spec-shaped too.
 */
export function shapeLog(log: unknown): unknown {
  if (!isPlainObject(log) || typeof log.blockTimestamp !== 'number') return log;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(log)) {
    if (name !== 'blockTimestamp') out[name] = value;
    else if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) out[name] = `0x${value.toString(16)}`;
  }
  return out;
}

/** A transaction object without a blob sidecar. */
export function shapeTransaction(tx: unknown): unknown {
  if (!isPlainObject(tx) || !Object.keys(tx).some((name) => SIDECAR_MEMBERS.has(name))) return tx;
  return Object.fromEntries(Object.entries(tx).filter(([name]) => !SIDECAR_MEMBERS.has(name)));
}

/** A block whose full transaction objects (if any) have no blob sidecars. */
export function shapeBlock(block: unknown): unknown {
  if (!isPlainObject(block) || !Array.isArray(block.transactions)) return block;
  return { ...block, transactions: block.transactions.map(shapeTransaction) };
}
