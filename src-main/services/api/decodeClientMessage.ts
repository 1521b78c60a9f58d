import { MAX_MESSAGE_BYTES, parseClientMessage, type ClientMessage } from '../../../src-shared/api/wire';

/** What came in, decoded: a well-formed message, or why it was refused (with the id when one could be read). */
export type DecodedClientMessage =
  | { ok: true; message: ClientMessage }
  | { ok: false; reason: string; id?: number; kind?: 'call' | 'subscribe' };

/**
 * Decodes one incoming message. Both pipes carry JSON text (the WebSocket frame, the preload's
 * string); a plain object is accepted too and copied through JSON so that handlers see exactly what
 * the other pipe would deliver. Anything over `maxBytes` is refused before it is parsed.
 */
export function decodeClientMessage(raw: unknown, maxBytes: number = MAX_MESSAGE_BYTES): DecodedClientMessage {
  let text: string;
  if (typeof raw === 'string') {
    text = raw;
  } else {
    try {
      const encoded = JSON.stringify(raw) as string | undefined;
      if (encoded === undefined) return { ok: false, reason: 'not a JSON value' };
      text = encoded;
    } catch {
      return { ok: false, reason: 'not JSON-safe' };
    }
  }
  // A string's UTF-8 size is at most 3 bytes per UTF-16 unit: skip the exact count when it cannot exceed.
  if (text.length * 3 > maxBytes && Buffer.byteLength(text, 'utf8') > maxBytes) {
    return { ok: false, reason: `larger than ${maxBytes} bytes`, ...peekId(raw) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  const message = parseClientMessage(value);
  if (!message) return { ok: false, reason: 'not a client message', ...peekId(value) };
  return { ok: true, message };
}

/** The id and kind of a refused message, when they can be read without parsing text, so the caller gets an answer. */
function peekId(value: unknown): { id?: number; kind?: 'call' | 'subscribe' } {
  if (typeof value !== 'object' || value === null) return {};
  const { id, t } = value as { id?: unknown; t?: unknown };
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return {};
  if (t !== 'call' && t !== 'subscribe') return {};
  return { id, kind: t };
}
