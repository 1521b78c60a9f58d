import type { ApiErrorFix } from '../../../src-shared/api/apiError';
import { ERROR_CODES, type ErrorCode, type ErrorKind } from '../../../src-shared/api/errorKinds';

/** Options every Blockglass error takes besides its short message. */
export interface BlockglassErrorOptions {
  /** What to do about it, or more about what happened; never a key or secret. */
  details?: string;
  /** A declared code (`KEYCHAIN_UNAVAILABLE`, src-shared/api/errorKinds.ts), or a node's JSON-RPC code or an HTTP status. */
  code?: ErrorCode | number;
  /** The kind of failure; by default the declared code's kind (a numeric code or none: `internal`). */
  kind?: ErrorKind;
  /** The node's or service's own words (its error message, its answer's text); shown only behind a page's Details. */
  nodeSaid?: string;
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
  readonly nodeSaid: string | undefined;
  readonly metaMessages: string[] | undefined;
  readonly code: ErrorCode | number | undefined;
  /** What kind of failure this is (src-shared/api/errorKinds.ts): what callers tell errors apart by, with `walk()`. */
  readonly kind: ErrorKind;
  readonly data: unknown;
  readonly fix: ApiErrorFix | undefined;

  constructor(shortMessage: string, options: BlockglassErrorOptions = {}) {
    super(longMessage(shortMessage, options), options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = shortMessage;
    this.details = options.details;
    this.nodeSaid = options.nodeSaid;
    this.metaMessages = options.metaMessages;
    this.code = options.code;
    this.kind = options.kind ?? (typeof options.code === 'string' ? ERROR_CODES[options.code] : 'internal');
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

/** The first {@link BlockglassError} down the cause chain of `error` (itself included) whose kind is one of `kinds`, or null. */
export function findErrorOfKind(error: unknown, ...kinds: ErrorKind[]): BlockglassError | null {
  return walkCauses(error, (link) => link instanceof BlockglassError && kinds.includes(link.kind)) as BlockglassError | null;
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
  if (options.nodeSaid) lines.push(`It said: ${options.nodeSaid}`);
  return lines.join('\n');
}
