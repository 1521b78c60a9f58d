/**
 * Bytes as Go's `encoding/json` shows a `string(bytes)`: valid UTF-8 sequences decoded, every byte that does
 * not start one replaced by U+FFFD (one per byte, Go's `utf8.DecodeRune` rule). TextDecoder replaces per
 * maximal subpart instead, which gives different text for truncated sequences; Kubo's `object/get` text
 * encoding is the Go one.
 */
export function goStringFromBytes(bytes: Uint8Array): string {
  const parts: string[] = [];
  let index = 0;
  while (index < bytes.length) {
    const first = bytes[index]!;
    if (first < 0x80) {
      parts.push(String.fromCharCode(first));
      index += 1;
      continue;
    }
    const rune = decodeMultiByte(bytes, index, first);
    if (rune === undefined) {
      parts.push('\uFFFD');
      index += 1;
    } else {
      parts.push(String.fromCodePoint(rune.codePoint));
      index += rune.size;
    }
  }
  return parts.join('');
}

function decodeMultiByte(bytes: Uint8Array, index: number, first: number): { codePoint: number; size: number } | undefined {
  let size: number;
  let codePoint: number;
  // The second byte's range excludes overlong forms, surrogates and code points above U+10FFFF.
  let low = 0x80;
  let high = 0xbf;
  if (first >= 0xc2 && first <= 0xdf) {
    size = 2;
    codePoint = first & 0x1f;
  } else if (first >= 0xe0 && first <= 0xef) {
    size = 3;
    codePoint = first & 0x0f;
    if (first === 0xe0) low = 0xa0;
    if (first === 0xed) high = 0x9f;
  } else if (first >= 0xf0 && first <= 0xf4) {
    size = 4;
    codePoint = first & 0x07;
    if (first === 0xf0) low = 0x90;
    if (first === 0xf4) high = 0x8f;
  } else {
    return undefined;
  }
  if (index + size > bytes.length) return undefined;
  for (let offset = 1; offset < size; offset += 1) {
    const byte = bytes[index + offset]!;
    const [min, max] = offset === 1 ? [low, high] : [0x80, 0xbf];
    if (byte < min || byte > max) return undefined;
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  return { codePoint, size };
}
