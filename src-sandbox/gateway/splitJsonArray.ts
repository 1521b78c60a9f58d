import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, isJsonWhitespace as isWhitespace, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../jsonBytes';

/**
 * Splits the bytes of a JSON array of objects into the bytes of each object, without parsing
 * them: lets a batch answer from the node be handed back to many clients byte for byte. Returns
 * undefined when the text is not an array whose elements are all objects.
 */
export function splitJsonArray(bytes: Buffer): Buffer[] | undefined {
  let i = skipWhitespace(bytes, 0);
  if (bytes[i] !== OPEN_BRACKET) return undefined;
  const parts: Buffer[] = [];
  let depth = 0;
  let start = -1;
  let expectElement = true;
  for (i++; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      if (depth === 0) return undefined; // a bare string element
      i = endOfString(bytes, i);
      if (i === -1) return undefined;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === 0) {
        if (c !== OPEN_BRACE || !expectElement) return undefined;
        start = i;
        expectElement = false;
      }
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) {
        if (c !== CLOSE_BRACKET || (expectElement && parts.length > 0)) return undefined;
        return skipWhitespace(bytes, i + 1) === bytes.length ? parts : undefined;
      }
      depth--;
      if (depth === 0) parts.push(bytes.subarray(start, i + 1));
    } else if (depth === 0) {
      if (c === 0x2c /* , */ && !expectElement) expectElement = true;
      else if (!isWhitespace(c)) return undefined; // a number, literal or stray comma at the top level
    }
  }
  return undefined;
}

/** Index of the quote closing the string that opens at `open`, or -1. */
function endOfString(bytes: Buffer, open: number): number {
  let i = open;
  for (;;) {
    i = bytes.indexOf(QUOTE, i + 1);
    if (i === -1) return -1;
    let backslashes = 0;
    for (let j = i - 1; bytes[j] === BACKSLASH; j--) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
}

function skipWhitespace(bytes: Buffer, from: number): number {
  let i = from;
  while (i < bytes.length && isWhitespace(bytes[i]!)) i++;
  return i;
}
