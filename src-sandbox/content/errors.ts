/** Kubo's error types (go-ipfs-cmds `ErrorType`), carried as `Code` in JSON error bodies. */
export const ErrorCode = {
  normal: 0,
  client: 1,
  implementation: 2,
  rateLimited: 3,
  forbidden: 4,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * A failure of a command that exists: answered as Kubo's JSON error `{Message, Code, Type}` when nothing
 * was sent yet, or as a stream error once output began.
 */
export class CommandError extends Error {
  override name = 'CommandError';
  constructor(
    message: string,
    readonly code: ErrorCodeValue = ErrorCode.normal,
  ) {
    super(message);
  }
}

/** A request whose arguments or options do not parse: Kubo answers these with 400 and plain text. */
export class ArgumentError extends Error {
  override name = 'ArgumentError';
}

/** A block the store does not have, worded like an offline Kubo node. */
export class BlockNotFoundError extends CommandError {
  override name = 'BlockNotFoundError';
  constructor(readonly cid: string) {
    super(`block was not found locally (offline): ipld: could not find ${cid}`);
  }
}

/** The message of anything thrown, for answers and logs. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
