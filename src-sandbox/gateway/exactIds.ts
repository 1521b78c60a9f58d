import crypto from 'node:crypto';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, isJsonWhitespace, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../jsonBytes';

/** A message whose numeric ids JavaScript could not echo exactly, rewritten with stand-ins. */
export interface ProtectedIds {
  /** The message with each such id replaced by a string stand-in. */
  bytes: Buffer;
  /** Puts the client's own id text back in place of its stand-in, in any reply built from `bytes`. */
  restore(reply: Buffer): Buffer;
}

const ID_KEY = Buffer.from('id');
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * JSON-RPC ids are echoed byte for byte. JSON.parse turns `9007199254740993` into ...992, `1e3` into 1000 and
 * `123456789012345678901234567890` into 1.2345678901234568e+29, so two batch items could even share an answer.
 * This finds each request's numeric `id` (top level, or each item of a batch: never a member inside params)
 * whose text a JavaScript number would not reproduce, and replaces it with a string stand-in unique to this
 * message; `restore` swaps the stand-ins in the reply back for the client's exact text. Undefined when every
 * id is safe (nearly always): then nothing is copied or scanned again.
 */
export function protectIds(message: Buffer): ProtectedIds | undefined {
  const found = unsafeIdRanges(message);
  if (found.length === 0) return undefined;
  const nonce = crypto.randomBytes(6).toString('hex');
  const standIn = (i: number) => `"\\u0000blockglass-id-${nonce}-${i}"`;
  const pieces: Buffer[] = [];
  let at = 0;
  found.forEach(([start, end], i) => {
    pieces.push(message.subarray(at, start), Buffer.from(standIn(i)));
    at = end;
  });
  pieces.push(message.subarray(at));
  const originals = found.map(([start, end]) => message.subarray(start, end).toString('latin1'));
  const pattern = new RegExp(`"\\\\u0000blockglass-id-${nonce}-(\\d+)"`, 'g');
  return {
    bytes: Buffer.concat(pieces),
    restore: (reply) => Buffer.from(reply.toString('utf8').replace(pattern, (_, i: string) => originals[Number(i)] ?? 'null')),
  };
}

/** Byte ranges of request-level numeric ids that do not survive a round trip through a JavaScript number. */
function unsafeIdRanges(bytes: Buffer): [number, number][] {
  const ranges: [number, number][] = [];
  let depth = 0;
  let requestDepth = 1; // 2 when the message is a batch
  let inString = false;
  let escaped = false;
  let stringStart = 0;
  let lastKeyWasId = false;
  let afterColon = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) {
        inString = false;
        lastKeyWasId = depth === requestDepth && !afterColon && bytes.subarray(stringStart, i).equals(ID_KEY);
      }
      continue;
    }
    if (isJsonWhitespace(byte)) continue;
    if (byte === QUOTE) {
      inString = true;
      stringStart = i + 1;
      afterColon = false;
      continue;
    }
    if (byte === COLON) {
      afterColon = true;
      continue;
    }
    if (afterColon && lastKeyWasId && (byte === 0x2d || (byte >= 0x30 && byte <= 0x39))) {
      let end = i;
      while (end < bytes.length && /[-+.eE0-9]/.test(String.fromCharCode(bytes[end]!))) end++;
      const text = bytes.subarray(i, end).toString('latin1');
      if (NUMBER.test(text) && JSON.stringify(Number(text)) !== text) ranges.push([i, end]);
      i = end - 1;
      lastKeyWasId = false;
      afterColon = false;
      continue;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (depth === 0 && byte === OPEN_BRACKET) requestDepth = 2;
      depth += 1;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
    }
    lastKeyWasId = false;
    afterColon = false;
  }
  return ranges;
}
