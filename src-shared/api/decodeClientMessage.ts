import { quoteInput } from '../text/quoteInput';
import { API_CLOSE } from './closeCodes';
import { isOverUtf8Limit } from './utf8Length';
import { MAX_MESSAGE_BYTES, type ClientMessage } from './wire';

/**
 * What came in, decoded: a well-formed message, or why it was refused. A refused message that
 * carries a usable id gets an error answer on that id (`answerAs` says which kind: a subscription's
 * refusal ends it, anything else is a failed call); one without a usable id gets the connection
 * closed with `close` as the code, since no answer could reach the sender.
 */
export type DecodedClientMessage =
  | { ok: true; message: ClientMessage }
  | { ok: false; reason: string; close: number; id?: number; answerAs?: 'result' | 'end' };

/**
 * Decodes one incoming message. Both pipes carry JSON text (the WebSocket frame, the preload's
 * string); a plain object is accepted too and copied through JSON so that handlers see exactly what
 * the other pipe would deliver. Anything over `maxBytes` is refused before it is parsed. Never throws.
 */
export function decodeClientMessage(raw: unknown, maxBytes: number = MAX_MESSAGE_BYTES): DecodedClientMessage {
  let text: string;
  if (typeof raw === 'string') {
    text = raw;
  } else {
    try {
      const encoded = JSON.stringify(raw) as string | undefined;
      if (encoded === undefined) return { ok: false, reason: 'not a JSON value', close: API_CLOSE.invalidPayload };
      text = encoded;
    } catch {
      return { ok: false, reason: 'not JSON-safe', close: API_CLOSE.invalidPayload };
    }
  }
  if (isOverUtf8Limit(text, maxBytes)) {
    return { ok: false, reason: `larger than ${maxBytes} bytes`, close: API_CLOSE.tooBig, ...answerTo(raw) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not valid JSON', close: API_CLOSE.invalidPayload };
  }
  return readMessage(value);
}

const ID_RULE = 'an id is a whole number from 0 to 2^53 − 1';

/** Checks the shape of a parsed message; a refusal says what is wrong in words. */
function readMessage(value: unknown): DecodedClientMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: `not a client message: ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}, not an object`, close: API_CLOSE.notAMessage };
  }
  const message = value as Record<string, unknown>;
  const { id, t } = message;
  if (!isUsableId(id)) return { ok: false, reason: `not a client message: ${id === undefined ? 'no id' : `unusable id (${ID_RULE})`}`, close: API_CLOSE.notAMessage };
  const refuse = (reason: string, answerAs: 'result' | 'end' = 'result'): DecodedClientMessage => ({ ok: false, reason, close: API_CLOSE.notAMessage, id, answerAs });
  switch (t) {
    case 'call':
      return typeof message.method === 'string' ? { ok: true, message: { t: 'call', id, method: message.method, input: message.input } } : refuse('a call needs a method name (a string)');
    case 'subscribe':
      return typeof message.topic === 'string' ? { ok: true, message: { t: 'subscribe', id, topic: message.topic, input: message.input } } : refuse('a subscription needs a topic name (a string)', 'end');
    case 'unsubscribe':
      return { ok: true, message: { t: 'unsubscribe', id } };
    default:
      return refuse(typeof t === 'string' ? `unknown message type ${quoteInput(t, 24)}` : 'no message type (t is call, subscribe or unsubscribe)');
  }
}

function isUsableId(id: unknown): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0;
}

/** The id and answer kind of an oversized message, when they can be read without parsing text. */
function answerTo(value: unknown): { id?: number; answerAs?: 'result' | 'end' } {
  if (typeof value !== 'object' || value === null) return {};
  const { id, t } = value as { id?: unknown; t?: unknown };
  if (!isUsableId(id)) return {};
  return { id, answerAs: t === 'subscribe' ? 'end' : 'result' };
}
