import { BlockglassError } from '../errors/blockglassError';

/** Why a content-store call failed, for the UI and tests. */
export type ContentErrorCode =
  | 'NO_STORE'
  | 'UNREACHABLE'
  | 'TIMEOUT'
  | 'UNAUTHORIZED'
  | 'RATE_LIMITED'
  | 'UNSUPPORTED'
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'STORE_ERROR'
  | 'TRANSFER_FAILED'
  | 'BAD_ANSWER'
  | 'CANCELLED';

/**
 * A content-store call failed. The message and details are plain words; the store's own `Message` (Kubo's error
 * text) goes in `nodeSaid`, shown behind a page's Details. Never carries the store's address or credentials.
 */
export class ContentError extends BlockglassError {
  override name = 'ContentError';
  constructor(code: ContentErrorCode, shortMessage: string, options: { details?: string; nodeSaid?: string; cause?: unknown; data?: unknown } = {}) {
    super(shortMessage, { code, ...(options.details ? { details: options.details } : {}), ...(options.nodeSaid ? { nodeSaid: options.nodeSaid } : {}), ...(options.data !== undefined ? { data: options.data } : {}), cause: options.cause });
  }
}

/** A Kubo error object, `{Message, Code, Type: "error"}`, if `value` is one. */
export function kuboErrorOf(value: unknown): { message: string; code: number } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { Message, Code, Type } = value as { Message?: unknown; Code?: unknown; Type?: unknown };
  if (Type !== 'error' || typeof Message !== 'string') return undefined;
  return { message: Message, code: typeof Code === 'number' ? Code : 0 };
}

/**
 * Kubo's error text in plain words: the common cases (not found, a bad CID, a missing name, not pinned) get a
 * sentence of their own; anything else is the store's text, trimmed. `command` names what was asked.
 */
export function plainKuboError(message: string, code: number, command: string): ContentError {
  const said = message.trim().slice(0, 500);
  const details = { nodeSaid: said };
  const noLink = /no link named "([^"]*)" under (\w+)/.exec(said);
  if (noLink) return new ContentError('NOT_FOUND', `There is nothing named "${noLink[1]}" in this folder.`, details);
  if (/not found|block was not found|could not find|no such file|merkledag: not found/i.test(said)) {
    return new ContentError('NOT_FOUND', 'The content store does not have this content.', { ...details, details: 'It may be on another store, or not pinned anywhere.' });
  }
  if (/invalid (path|cid)|selected encoding not supported|invalid character|failed to parse|multihash|not a valid/i.test(said)) {
    return new ContentError('BAD_REQUEST', 'The store could not read this CID or path.', details);
  }
  if (/not pinned/i.test(said)) return new ContentError('NOT_FOUND', 'This CID is not pinned here (or only as part of a pinned folder).', details);
  if (/pinned recursively/i.test(said)) return new ContentError('BAD_REQUEST', 'This CID is pinned recursively; unpin it recursively.', details);
  if (/is a directory|this dag node is a directory/i.test(said)) return new ContentError('BAD_REQUEST', 'This is a folder, not a file: open it, or save it as a folder.', details);
  if (/not a file|not unixfs|unsupported node type|not a dag-pb node/i.test(said)) return new ContentError('BAD_REQUEST', 'This is not a file or folder the store can read as one.', details);
  return new ContentError(code === 1 ? 'BAD_REQUEST' : 'STORE_ERROR', `The content store could not ${command}.`, details);
}
