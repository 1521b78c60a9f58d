import type { ErrorKind } from '../../../src-shared/api/errorKinds';
import { BlockglassError } from '../errors/blockglassError';

/** The gas API answered with an error, or not at all. The message never carries the address (it can hold the key). */
export class GasApiError extends BlockglassError {
  override name = 'GasApiError';
  /** Seconds the service asked to wait (429's `backoff_seconds` or `Retry-After`). */
  readonly backoffSeconds: number | undefined;
  constructor(shortMessage: string, options: { status?: number; details?: string; nodeSaid?: string; backoffSeconds?: number; cause?: unknown } = {}) {
    super(shortMessage, {
      code: options.status ?? 'GAS_API',
      kind: gasApiKind(options.status),
      ...(options.details ? { details: options.details } : {}),
      ...(options.nodeSaid ? { nodeSaid: options.nodeSaid } : {}),
      ...(options.backoffSeconds !== undefined ? { data: { backoffSeconds: options.backoffSeconds } } : {}),
      cause: options.cause,
    });
    this.backoffSeconds = options.backoffSeconds;
  }
}

/** What a gas API failure is, by its HTTP status: no answer or a server's failure means it cannot be reached now. */
function gasApiKind(status: number | undefined): ErrorKind {
  if (status === undefined || status >= 500) return 'unreachable';
  if (status === 429) return 'limit';
  if (status === 401 || status === 403) return 'credentials';
  return status === 404 ? 'unsupported' : 'refused';
}

/** The dashboard asked for a network whose family has no EIP-1559 gas market (Starknet). */
export class GasUnsupportedError extends BlockglassError {
  override name = 'GasUnsupportedError';
  constructor(networkName: string) {
    super(`${networkName} is a Starknet network: the gas dashboard reads EVM networks' EIP-1559 fees.`, {
      code: 'UNSUPPORTED',
      details: 'Choose an EVM network (Local, Ethereum, a layer 2) to see its gas.',
    });
  }
}
