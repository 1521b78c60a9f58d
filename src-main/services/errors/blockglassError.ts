import type { ApiErrorFix } from '../../../src-shared/api/apiError';

/** Options every Blockglass error takes besides its short message. */
export interface BlockglassErrorOptions {
  /** What to do about it, or more about what happened; never a key or secret. */
  details?: string;
  /** A stable, machine-readable code (`KEYCHAIN_UNAVAILABLE`, a JSON-RPC code, an HTTP status). */
  code?: string | number;
  /** Further lines for logs and the long message (what was asked, where); never a key or secret. */
  metaMessages?: string[];
  /** Structured detail for the UI, JSON-safe; never a key or secret. */
  data?: unknown;
  /** The error this one explains; `walk()` follows it. */
  cause?: unknown;
  /** Where in the app it is put right (a route and a link's text), e.g. the keys page for a missing key. */
  fix?: ApiErrorFix;
}

/**
 * Base of every error the main process makes, in viem's style (`src/errors/base.ts`): a one-sentence
 * `shortMessage` for people, optional `details` and `metaMessages`, a stable `code`, structured `data`, the
 * `cause` it explains, and `walk()` down the cause chain. It leaves main only as a plain `ApiError`, through
 * `thrownToApiError`, which redacts it.
 */
export class BlockglassError extends Error {
  override name = 'BlockglassError';
  readonly shortMessage: string;
  readonly details: string | undefined;
  readonly metaMessages: string[] | undefined;
  readonly code: string | number | undefined;
  readonly data: unknown;
  readonly fix: ApiErrorFix | undefined;

  constructor(shortMessage: string, options: BlockglassErrorOptions = {}) {
    super(longMessage(shortMessage, options), options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = shortMessage;
    this.details = options.details;
    this.metaMessages = options.metaMessages;
    this.code = options.code;
    this.data = options.data;
    this.fix = options.fix;
  }

  /**
   * Walks the cause chain from this error: with `match`, the first error it accepts (or null); without, the
   * deepest cause. Cycles end the walk.
   */
  walk(match?: (error: unknown) => boolean): unknown {
    return walkCauses(this, match);
  }
}

/** {@link BlockglassError.walk} for any thrown value (viem's errors and plain `Error`s have `cause` too). */
export function walkCauses(error: unknown, match?: (error: unknown) => boolean): unknown {
  const seen = new Set<unknown>();
  let current = error;
  for (;;) {
    if (match?.(current)) return current;
    seen.add(current);
    const next = typeof current === 'object' && current !== null ? (current as { cause?: unknown }).cause : undefined;
    if (next === undefined || next === null || seen.has(next)) return match ? null : current;
    current = next;
  }
}

function longMessage(shortMessage: string, options: BlockglassErrorOptions): string {
  const lines = [shortMessage];
  if (options.metaMessages?.length) lines.push('', ...options.metaMessages);
  if (options.details) lines.push('', `Details: ${options.details}`);
  return lines.join('\n');
}
