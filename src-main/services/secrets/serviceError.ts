/** An error as it crosses the API boundary: plain, JSON-safe, viem-shaped. */
export interface PlainError {
  name: string;
  code?: string | number;
  shortMessage: string;
  details?: string;
  /** Structured detail for the UI, JSON-safe (for example, a form's field errors). */
  data?: unknown;
}

/** Options every service error takes besides its short message. */
export interface ServiceErrorOptions {
  /** What to do about it, or more about what happened; never a key or secret. */
  details?: string;
  /** A stable, machine-readable code (`KEYCHAIN_UNAVAILABLE`). */
  code?: string;
  /** Structured detail for the UI, JSON-safe; never a key or secret. */
  data?: unknown;
  cause?: unknown;
}

/**
 * Base of the main-process services' errors, in viem's style: a one-sentence `shortMessage` for people,
 * optional `details`, a stable `code`, and `toPlain()` for sending across IPC (classes do not survive it).
 */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly shortMessage: string;
  readonly details: string | undefined;
  readonly code: string | undefined;
  readonly data: unknown;

  constructor(shortMessage: string, options: ServiceErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, { cause: options.cause });
    this.shortMessage = shortMessage;
    this.details = options.details;
    this.code = options.code;
    this.data = options.data;
  }

  /** The JSON-safe form sent to the renderer. */
  toPlain(): PlainError {
    return {
      name: this.name,
      shortMessage: this.shortMessage,
      ...(this.code !== undefined ? { code: this.code } : {}),
      ...(this.details !== undefined ? { details: this.details } : {}),
      ...(this.data !== undefined ? { data: this.data } : {}),
    };
  }
}
