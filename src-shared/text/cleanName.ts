import { codePointLabel, isJoinerOrSelector, isUnsafeCharacter } from './unsafeCharacter';

/** What `cleanName` makes of a name: the name to store, or why it is refused (one sentence for a person). */
export type CleanedName = { ok: true; name: string } | { ok: false; message: string };

/** Longest name, in characters, unless the caller says otherwise. */
export const NAME_MAX_CHARS = 64;

const NAMES: Record<string, string> = {
  '\u202A': 'left-to-right embedding',
  '\u202B': 'right-to-left embedding',
  '\u202C': 'pop directional formatting',
  '\u202D': 'left-to-right override',
  '\u202E': 'right-to-left override',
  '\u2066': 'left-to-right isolate',
  '\u2067': 'right-to-left isolate',
  '\u2068': 'first strong isolate',
  '\u2069': 'pop directional isolate',
  '\u200E': 'left-to-right mark',
  '\u200F': 'right-to-left mark',
  '\u061C': 'Arabic letter mark',
  '\u200B': 'zero-width space',
  '\u200C': 'zero-width non-joiner',
  '\u200D': 'zero-width joiner',
  '\u2060': 'word joiner',
  '\uFEFF': 'zero-width no-break space',
  '\u00AD': 'soft hyphen',
};

/**
 * Checks and tidies a name a person gives to something (a network, a key, a saved query): NFC,
 * trimmed, at most `maxChars` characters, and refused with a clear message when it holds a
 * character that would change how it or the text around it displays (bidi overrides and isolates,
 * zero-width and other format characters, controls, line breaks) or when nothing visible is left.
 * Joiners and variation selectors are kept only right after a visible character (emoji, Indic
 * and Persian text need them). Pure; never throws.
 */
export function cleanName(raw: string, maxChars: number = NAME_MAX_CHARS): CleanedName {
  const name = raw.normalize('NFC').trim();
  if (name === '') return { ok: false, message: 'Enter a name.' };
  const chars = [...name];
  let visible = 0;
  let inCluster = false; // after a visible character (and its selectors): where a joiner or selector may stand
  for (const [index, char] of chars.entries()) {
    if (isJoinerOrSelector(char)) {
      const isJoiner = char === '\u200C' || char === '\u200D';
      if (!inCluster || (isJoiner && !isShown(chars[index + 1]))) return { ok: false, message: refusal(char) };
      if (isJoiner) inCluster = false;
      continue;
    }
    if (isUnsafeCharacter(char)) return { ok: false, message: refusal(char) };
    inCluster = isShown(char);
    if (inCluster) visible += 1;
  }
  if (visible === 0) return { ok: false, message: 'A name needs at least one visible character.' };
  if (chars.length > maxChars) return { ok: false, message: `A name is at most ${maxChars} characters.` };
  return { ok: true, name };
}

/** A character that shows as something: not a space, not a joiner or selector, not unsafe. */
function isShown(char: string | undefined): boolean {
  return char !== undefined && !/^\s$/u.test(char) && !isJoinerOrSelector(char) && !isUnsafeCharacter(char);
}

function refusal(char: string): string {
  const what = NAMES[char] ? `${codePointLabel(char)} (${NAMES[char]})` : codePointLabel(char);
  return `A name cannot contain ${what}: it is invisible or changes how the text displays. Type the name again without it.`;
}
