/**
 * The UTF-8 size of a string in bytes, without TextEncoder or Buffer (src-shared has neither):
 * 1 byte below U+0080, 2 below U+0800, 4 for a surrogate pair, 3 otherwise (a lone surrogate
 * becomes U+FFFD, 3 bytes, as the encoders do).
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Whether `text` is larger than `maxBytes` in UTF-8; counts only when the length alone cannot tell. */
export function isOverUtf8Limit(text: string, maxBytes: number): boolean {
  return text.length * 3 > maxBytes && utf8Length(text) > maxBytes;
}
