import { isPlainObject } from './validateRequest';

/** The current eth_call / eth_estimateGas gas cap, from a cached block gas limit. */
export interface GasCap {
  /** Multiplier × the latest block gas limit; refetched at most once per `maxAgeMs`. */
  current(): Promise<bigint>;
}

/** Caches the block gas limit so the cap costs no upstream request on most calls. */
export function createGasCap(
  fetchBlockGasLimit: () => Promise<bigint>,
  multiplier: number,
  maxAgeMs = 1000,
  now: () => number = () => performance.now(),
): GasCap {
  let cached: { value: bigint; at: number } | undefined;
  let inflight: Promise<bigint> | undefined;
  return {
    async current() {
      if (cached !== undefined && now() - cached.at < maxAgeMs) return cached.value;
      // Concurrent callers share one refresh instead of each asking the node.
      inflight ??= fetchBlockGasLimit()
        .then((limit) => {
          cached = { value: limit * BigInt(multiplier), at: now() };
          return cached.value;
        })
        .finally(() => (inflight = undefined));
      return inflight;
    },
  };
}

/** True when the call object (params[0]) carries a `gas` field the cap must look at. */
export function hasGasField(params: unknown): boolean {
  return Array.isArray(params) && isPlainObject(params[0]) && params[0].gas !== undefined;
}

/**
 * Returns params with the call object's `gas` lowered to `cap` when above it; other values (and
 * malformed gas, which the node refuses itself) are left alone. Never mutates the input.
 */
export function capCallGas(params: unknown, cap: bigint): unknown {
  if (!Array.isArray(params) || !isPlainObject(params[0])) return params;
  const gas = readQuantity(params[0].gas);
  if (gas === undefined || gas <= cap) return params;
  return [{ ...params[0], gas: `0x${cap.toString(16)}` }, ...params.slice(1)];
}

function readQuantity(value: unknown): bigint | undefined {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return BigInt(value);
  return undefined;
}
