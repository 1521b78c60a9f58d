import { describe, expect, it } from 'vitest';
import type { ContentNameMatch } from '../../../src-shared/content/contentTypes';
import { findByName, matchRank } from './findContent';

const CID_A = 'bafkreia2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2';
const CID_B = 'bafkreib2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2';

function kept(name: string, extra: Partial<ContentNameMatch> = {}): ContentNameMatch {
  return { cid: CID_A, name, source: 'added', rootCid: CID_A, path: '', rootName: name, kind: 'file', size: 10, at: 1_000, ...extra };
}

describe('matchRank', () => {
  it.each([
    ['hello.txt', 'hello.txt', 0],
    ['hello.txt', 'HELLO', 1],
    ['my hello.txt', 'hello', 2],
    ['othello.txt', 'hello', 3],
    ['Grüße.txt', 'grusse', undefined],
    ['Grüße.txt', 'GRUSSE'.slice(0, 3), 1],
    ['hello.txt', 'bye', undefined],
  ])('%s for %s is %s', (name, text, rank) => {
    expect(matchRank(name, text)).toBe(rank);
  });
});

describe('findByName', () => {
  it('ranks the whole name first, then its start, a word, anywhere; the newest first among equals', () => {
    const found = findByName('report', [kept('old report.txt', { at: 1 }), kept('reports', { cid: CID_B, rootCid: CID_B, at: 2 }), kept('report', { at: 3, cid: CID_B, rootCid: CID_B, path: 'x' }), kept('new report.txt', { at: 5, path: 'y' }), kept('misreported', { path: 'z' })], null, 10, 'Local');
    expect(found.matches.map((match) => match.name)).toEqual(['report', 'reports', 'new report.txt', 'old report.txt', 'misreported']);
    expect(found.truncated).toBe(false);
    expect(findByName('report', [kept('report a', { path: 'a' }), kept('report b', { path: 'b' })], null, 1, 'Local').truncated).toBe(true);
  });

  it('keeps one match per place and name, the most telling source, with what the others knew', () => {
    const found = findByName('hello', [kept('hello.txt', { source: 'opened', size: null, at: 9 }), kept('hello.txt', { size: 42, at: 1 })], { pins: 3, named: [{ cid: CID_A, name: 'hello.txt' }] }, 10, 'Local');
    expect(found.matches).toEqual([kept('hello.txt', { size: 42, at: 1 })]);
  });

  it('finds a pin by the name the store keeps for it', () => {
    const found = findByName('archive', [], { pins: 2, named: [{ cid: CID_B, name: 'Archive 2024' }] }, 10, 'Mainnet');
    expect(found.matches).toEqual([{ cid: CID_B, name: 'Archive 2024', source: 'pin', rootCid: CID_B, path: '', rootName: 'Archive 2024', kind: null, size: null, at: null }]);
    expect(found.searched).toEqual({ names: 0, pins: 2, pinNames: 1 });
    expect(findByName('nothing', [kept('a')], { pins: 2, named: [{ cid: CID_B, name: 'Archive 2024' }] }, 10, 'Mainnet').none).toBe(
      'Nothing on Mainnet goes by a name with "nothing" in it. Searched: 1 name kept on this device, and the names of 1 pin in the content store.',
    );
  });
});
