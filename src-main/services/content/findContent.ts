import type { ContentFindResult, ContentNameMatch } from '../../../src-shared/content/contentTypes';
import { countOf } from '../../../src-shared/text/countOf';
import { quoteInput } from '../../../src-shared/text/quoteInput';

/** A store's pins with the names it keeps for them (`pin/ls --names`); null when the store could not be read. */
export interface PinNames {
  pins: number;
  named: { cid: string; name: string }[];
}

const SOURCE_ORDER: Record<ContentNameMatch['source'], number> = { added: 0, named: 1, pin: 2, 'in-folder': 3, opened: 4 };

/** How well a name matches the text typed: 0 the whole name, 1 its start, 2 a word's start, 3 anywhere; undefined for no match. */
export function matchRank(name: string, text: string): number | undefined {
  const folded = fold(name);
  const wanted = fold(text);
  const at = folded.indexOf(wanted);
  if (at < 0) return undefined;
  if (folded === wanted) return 0;
  if (at === 0) return 1;
  return /[\p{L}\p{N}]/u.test(folded[at - 1]!) ? 3 : 2;
}

/**
 * The matches of `text` among the names kept on this device and the store's pin names: one per place and name (the
 * most telling source kept), best first (the whole name, its start, a word's start, anywhere; then the newest), at most
 * `limit`. Pure.
 */
export function findByName(text: string, kept: readonly ContentNameMatch[], pins: PinNames | null, limit: number, networkName: string): ContentFindResult {
  const candidates = [...kept];
  for (const pin of pins?.named ?? []) {
    candidates.push({ cid: pin.cid, name: pin.name, source: 'pin', rootCid: pin.cid, path: '', rootName: pin.name, kind: null, size: null, at: null });
  }
  const best = new Map<string, { match: ContentNameMatch; rank: number }>();
  for (const match of candidates) {
    const rank = matchRank(match.name, text);
    if (rank === undefined) continue;
    const key = `${match.rootCid}/${match.path}\n${match.name}`;
    const held = best.get(key);
    if (!held || SOURCE_ORDER[match.source] < SOURCE_ORDER[held.match.source]) {
      // What the better source lacks (a size, a time), the other may know.
      const merged = held ? { ...match, size: match.size ?? held.match.size, kind: match.kind ?? held.match.kind, cid: match.cid ?? held.match.cid, at: match.at ?? held.match.at } : match;
      best.set(key, { match: merged, rank });
    } else {
      held.match = { ...held.match, size: held.match.size ?? match.size, kind: held.match.kind ?? match.kind, cid: held.match.cid ?? match.cid };
    }
  }
  const ranked = [...best.values()].sort((a, b) => a.rank - b.rank || (b.match.at ?? 0) - (a.match.at ?? 0) || a.match.name.localeCompare(b.match.name));
  const matches = ranked.slice(0, limit).map((entry) => entry.match);
  const searched = { names: new Set(kept.map((match) => `${match.rootCid}/${match.path}\n${match.name}`)).size, pins: pins?.pins ?? null, pinNames: pins?.named.length ?? 0 };
  const result: ContentFindResult = { text, matches, truncated: ranked.length > limit, searched };
  if (matches.length === 0) result.none = noMatchWords(text, searched, networkName);
  return result;
}

/** What a find that matched nothing searched, in words. */
function noMatchWords(text: string, searched: ContentFindResult['searched'], networkName: string): string {
  const local = searched.names === 0 ? 'no names are kept on this device yet (add a file, or name a CID, and its name is kept)' : `${countOf(searched.names, 'name')} kept on this device`;
  const store =
    searched.pins === null
      ? 'the content store could not be read for its pins’ names'
      : searched.pinNames === 0
        ? `the content store keeps no names for its ${countOf(searched.pins, 'pin')}`
        : `the names of ${countOf(searched.pinNames, 'pin')} in the content store`;
  return `Nothing on ${networkName} goes by a name with ${quoteInput(text)} in it. Searched: ${local}, and ${store}.`;
}

/** Case and accents set aside, as a person types a name they half remember. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-US');
}
