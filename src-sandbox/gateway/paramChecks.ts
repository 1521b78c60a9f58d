import { invalidParams, type RpcErrorObject } from './rpcErrors';

// The numeric parameters of every method the gateway forwards, checked before they reach the node: Anvil panics
// (and aborts, losing every block since its last save) on some values it cannot convert, e.g. an eth_feeHistory
// block count over 2^64. The rules and words are geth's (the service's node): a quantity is `0x` and hex digits,
// a block number or index fits in 64 bits, a value in 256; `invalid argument N: …` with code -32602.
// eth_getLogs has its own checks (logsLimits.ts).

/** The most blocks one eth_feeHistory answers; a larger count is cut to it, as geth does (maxFeeHistory). */
export const MAX_FEE_HISTORY_BLOCKS = 1024;
/** The most reward percentiles one eth_feeHistory takes (geth's maxQueryLimit). */
export const MAX_REWARD_PERCENTILES = 100;

type Kind =
  /** a block number or tag */
  | 'block'
  /** a block number, tag, hash, or EIP-1898 object */
  | 'blockOrHash'
  /** a 64-bit quantity (an index, a count) */
  | 'uint64'
  /** a 256-bit quantity (a storage slot as a number) */
  | 'uint256'
  /** a transaction call object: its numeric fields */
  | 'call'
  /** eth_feeHistory's reward percentiles */
  | 'percentiles'
  /** a list of storage keys (eth_getProof) */
  | 'storageKeys'
  /** not numeric: left to the node */
  | 'other';

const METHODS: Record<string, readonly Kind[]> = {
  eth_getBlockByNumber: ['block', 'other'],
  eth_getBlockTransactionCountByNumber: ['block'],
  eth_getUncleCountByBlockNumber: ['block'],
  eth_getUncleByBlockNumberAndIndex: ['block', 'uint64'],
  eth_getUncleByBlockHashAndIndex: ['other', 'uint64'],
  eth_getTransactionByBlockNumberAndIndex: ['block', 'uint64'],
  eth_getTransactionByBlockHashAndIndex: ['other', 'uint64'],
  eth_getBlockReceipts: ['blockOrHash'],
  eth_getBalance: ['other', 'blockOrHash'],
  eth_getCode: ['other', 'blockOrHash'],
  eth_getTransactionCount: ['other', 'blockOrHash'],
  eth_getStorageAt: ['other', 'uint256', 'blockOrHash'],
  eth_getProof: ['other', 'storageKeys', 'blockOrHash'],
  eth_call: ['call', 'blockOrHash', 'other'],
  eth_estimateGas: ['call', 'blockOrHash', 'other'],
  eth_createAccessList: ['call', 'blockOrHash'],
  eth_feeHistory: ['uint64', 'block', 'percentiles'],
  eth_getHeaderByNumber: ['block'],
};

const TAGS = new Set(['latest', 'earliest', 'pending', 'safe', 'finalized']);
const HASH = /^0x[0-9a-fA-F]{64}$/;
/** The call object's quantities and how wide each may be. */
const CALL_FIELDS: Record<string, 64 | 256> = {
  gas: 64,
  nonce: 64,
  chainId: 256,
  type: 64,
  value: 256,
  gasPrice: 256,
  maxFeePerGas: 256,
  maxPriorityFeePerGas: 256,
  maxFeePerBlobGas: 256,
};

/** Why `value` is not a quantity of at most `bits` bits (geth's words), or undefined when it is one. */
export function quantityProblem(value: unknown, bits: 64 | 256): string | undefined {
  if (typeof value !== 'string') return `cannot unmarshal ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value} into a hex quantity`;
  if (!/^0x/i.test(value)) return 'hex string without 0x prefix';
  const digits = value.slice(2);
  if (digits.length === 0) return 'hex string "0x"';
  if (!/^[0-9a-fA-F]+$/.test(digits)) return 'invalid hex string';
  const significant = digits.replace(/^0+/, '');
  if (significant.length > bits / 4) return `hex number > ${bits} bits`;
  return undefined;
}

function blockProblem(value: unknown, hashAllowed: boolean): string | undefined {
  if (typeof value === 'string') {
    if (TAGS.has(value)) return undefined;
    if (hashAllowed && value.length === 66 && HASH.test(value)) return undefined;
    return quantityProblem(value, 64);
  }
  if (hashAllowed && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    if ('blockNumber' in object) return quantityProblem(object.blockNumber, 64);
    return undefined; // { blockHash, requireCanonical }: not numeric
  }
  return quantityProblem(value, 64);
}

function percentilesProblem(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return 'reward percentiles must be an array of numbers';
  if (value.length > MAX_REWARD_PERCENTILES) return `invalid reward percentile: over the query limit ${MAX_REWARD_PERCENTILES}`;
  for (let i = 0; i < value.length; i++) {
    const p: unknown = value[i];
    if (typeof p !== 'number' || !Number.isFinite(p)) return `invalid reward percentile: #${i} is not a number`;
    if (p < 0 || p > 100) return `invalid reward percentile: ${p}`;
    const previous = value[i - 1] as number;
    if (i > 0 && p <= previous) return `invalid reward percentile: #${i - 1}:${previous} >= #${i}:${p}`;
  }
  return undefined;
}

function problemOf(kind: Kind, value: unknown): string | undefined {
  switch (kind) {
    case 'block':
      return blockProblem(value, false);
    case 'blockOrHash':
      return value === undefined ? undefined : blockProblem(value, true);
    case 'uint64':
    case 'uint256':
      return quantityProblem(value, kind === 'uint64' ? 64 : 256);
    case 'percentiles':
      return percentilesProblem(value);
    case 'storageKeys':
      if (!Array.isArray(value)) return undefined;
      for (const key of value) {
        const problem = typeof key === 'string' && key.length === 66 ? undefined : quantityProblem(key, 256);
        if (problem) return problem;
      }
      return undefined;
    case 'call': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      for (const [field, bits] of Object.entries(CALL_FIELDS)) {
        const given = (value as Record<string, unknown>)[field];
        if (given === undefined || given === null) continue;
        const problem = quantityProblem(given, bits);
        if (problem) return `${field}: ${problem}`;
      }
      return undefined;
    }
    case 'other':
      return undefined;
  }
}

/** What to forward: the params as given or rewritten (a capped block count), or the error to answer with. */
export type ParamCheck = { ok: true; params: unknown } | { ok: false; error: RpcErrorObject };

/** Checks a forwarded method's numeric params (positional params only; the node refuses named ones itself). */
export function checkParams(method: string, params: unknown): ParamCheck {
  const kinds = METHODS[method];
  if (!kinds || !Array.isArray(params)) return { ok: true, params };
  for (let index = 0; index < kinds.length && index < params.length; index++) {
    const problem = problemOf(kinds[index]!, params[index]);
    if (problem !== undefined) return { ok: false, error: invalidParams(`invalid argument ${index}: ${problem}`) };
  }
  if (method === 'eth_feeHistory' && typeof params[0] === 'string' && BigInt(params[0]) > BigInt(MAX_FEE_HISTORY_BLOCKS)) {
    return { ok: true, params: [`0x${MAX_FEE_HISTORY_BLOCKS.toString(16)}`, ...params.slice(1)] };
  }
  return { ok: true, params };
}
