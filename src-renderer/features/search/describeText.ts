import { quoteInput } from '../../../src-shared/text/quoteInput';

/** What text that names nothing the app can open looks like, in plain words, with a pointer where one helps. */
export function looksLike(raw: string): string {
  const text = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return 'a web address';
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return 'an email address';
  if (/^[0-9]{1,3}([,’' _][0-9]{3})+$/.test(text)) return `a number with thousands separators (a block number is digits only: ${text.replace(/[^0-9]/g, '')})`;
  if (/^[0-9]+[.,][0-9]+$/.test(text)) return 'a number with a decimal point (a block number is a whole number)';
  if (/^[^\s/\\]+\.[\p{L}\p{N}]{1,8}$/u.test(text)) return 'a file name';
  if (/[/\\]/.test(text)) return 'a path';
  if (/\s/.test(text)) return 'words';
  if (/^[\p{L}'-]+$/u.test(text)) return 'a word';
  return 'text';
}

/**
 * The search box's words for text that is no block, hash, address or CID, and no name content goes by on the
 * network: what it looks like, and what it is not.
 */
export function unknownTextWords(raw: string, networkName: string | undefined): string {
  return `${quoteInput(raw.trim())} looks like ${looksLike(raw)}, but nothing added or named on ${networkName ?? 'this network'} goes by it, and it is not a block number, hash, address or CID.`;
}
