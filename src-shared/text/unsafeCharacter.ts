// Characters that change how the text AROUND them displays, or that display as nothing: a name or a
// quote containing them can look like something else (`Safe\u202Eexe.txt` shows as "Safetxt.exe")
// or like nothing at all (a lone zero-width space shows as a blank row).

/** Bidirectional embeddings, overrides, isolates and marks: U+202A-202E, U+2066-2069, U+200E/F, U+061C. */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;


/**
 * Whether one code point is unsafe to show as it is: bidi controls, other format characters (Cf:
 * U+200B, U+2060, U+FEFF, tag characters, ...), controls (Cc), line and paragraph separators,
 * lone surrogates, private-use and unassigned code points.
 */
export function isUnsafeCharacter(char: string): boolean {
  return BIDI.test(char) || /^[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]$/u.test(char);
}

/** Whether one code point is a joiner (ZWJ, ZWNJ) or a variation selector: invisible, but legitimate after a visible character. */
export function isJoinerOrSelector(char: string): boolean {
  // By code point: a regex class of these trips the misleading-character-class lint.
  const code = char.codePointAt(0) ?? 0;
  return [...char].length === 1 && (code === 0x200c || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef));
}

/** How an unsafe or invisible character is named in a message: `U+202E`. */
export function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
