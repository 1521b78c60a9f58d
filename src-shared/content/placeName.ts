import { isJoinerOrSelector, isUnsafeCharacter } from '../text/unsafeCharacter';

/** The most characters a place's name keeps (the contract's limit for a name). */
export const PLACE_NAME_MAX = 255;

/** An extension kept when a long name is cut: a dot, then up to 16 letters or digits. */
const EXTENSION = /\.[\p{L}\p{N}_-]{1,16}$/u;

/**
 * A name a place was opened by (`?name=` in a link, a gateway's `?filename=`, an upload's file name), made safe to
 * show and to keep: NFC; controls, line breaks, bidi overrides and other invisible characters dropped (a link's
 * `Safe\u202Eexe.txt` must not show as "Safetxt.exe"; joiners and variation selectors stay, emoji need them);
 * `/` and `\` (a name is one path part, never a path) turned into `_`; spaces at the ends trimmed; at most
 * {@link PLACE_NAME_MAX} characters with a long name's extension kept. `''` when nothing is left. Pure.
 */
export function placeName(raw: string): string {
  let shown = '';
  for (const char of raw.normalize('NFC')) if (!isUnsafeCharacter(char) || isJoinerOrSelector(char)) shown += char;
  // Normalized again: a character dropped from between two combining marks leaves them side by side, where NFC
  // orders them (so the name, cleaned once more, stays as it is).
  const clean = shown.normalize('NFC').replace(/[/\\]/g, '_').trim();
  if (clean.length <= PLACE_NAME_MAX) return clean === '.' || clean === '..' ? '' : clean;
  const extension = EXTENSION.exec(clean)?.[0] ?? '';
  // Cut by code points, so a letter outside the BMP is never split in half.
  const stem = Array.from(clean.slice(0, clean.length - extension.length));
  let kept = '';
  for (const char of stem) {
    if (kept.length + char.length + 1 + extension.length > PLACE_NAME_MAX) break;
    kept += char;
  }
  return `${kept}…${extension}`;
}
