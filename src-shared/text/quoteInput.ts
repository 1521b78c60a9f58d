import { codePointLabel, isJoinerOrSelector, isUnsafeCharacter } from './unsafeCharacter';

/** How many characters of input a message quotes, unless the caller says otherwise. */
export const QUOTE_MAX_CHARS = 48;

/**
 * Input as a message may quote it: in double quotes, cut to `maxChars` code points with an ellipsis
 * (a pasted megabyte never reaches a message), and with every control, bidi, format or invisible
 * character shown by its code (`\u{202E}`), so the quote displays exactly what was typed and cannot
 * reorder or hide the message around it. `"` and `\` are escaped.
 */
export function quoteInput(text: string, maxChars: number = QUOTE_MAX_CHARS): string {
  let shown = '';
  let count = 0;
  for (const char of text) {
    if (count === maxChars) return `"${shown}…"`;
    shown += neutralise(char);
    count += 1;
  }
  return `"${shown}"`;
}

function neutralise(char: string): string {
  if (char === '"' || char === '\\') return `\\${char}`;
  if (isUnsafeCharacter(char) || isJoinerOrSelector(char)) return `\\u{${codePointLabel(char).slice(2)}}`;
  return char;
}
