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
  return `"${cutAndNeutralise(text, maxChars, true)}"`;
}

/**
 * Input (or a library's message that may echo it) shown inside a message without quotes of its own: cut and
 * neutralised as {@link quoteInput} does, for callers that put their own quotes around it (“…”) or none.
 */
export function showInput(text: string, maxChars: number = QUOTE_MAX_CHARS): string {
  return cutAndNeutralise(text, maxChars, false);
}

function cutAndNeutralise(text: string, maxChars: number, escapeQuotes: boolean): string {
  let shown = '';
  let count = 0;
  for (const char of text) {
    if (count === maxChars) return `${shown}…`;
    shown += neutralise(char, escapeQuotes);
    count += 1;
  }
  return shown;
}

function neutralise(char: string, escapeQuotes: boolean): string {
  if (escapeQuotes && (char === '"' || char === '\\')) return `\\${char}`;
  if (isUnsafeCharacter(char) || isJoinerOrSelector(char)) return `\\u{${codePointLabel(char).slice(2)}}`;
  return char;
}
