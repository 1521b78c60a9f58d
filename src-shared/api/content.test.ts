import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentMethods, contentTopics } from './content';

// The content area's inputs: what main refuses, and in which words (a person reads them).

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
const CID = 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte';

describe('content inputs', () => {
  it('takes a place: a CID and names under it, with defaults', () => {
    expect(contentMethods['content.resolve'].input.parse({ networkId: 'local', cid: ` ${CID} ` })).toEqual({ networkId: 'local', cid: CID, path: [] });
  });

  it('refuses a bad CID with its specific message, and dot segments', () => {
    expect(messageOf(contentMethods['content.resolve'].input.safeParse({ networkId: 'local', cid: 'QmShort' }))).toBe('"QmShort" is not a valid CID: a version 0 CID (Qm…) is exactly 46 characters, this has 7.');
    expect(messageOf(contentMethods['content.resolve'].input.safeParse({ networkId: 'local', cid: CID, path: ['..'] }))).toBe('A path part cannot be "." or "..", or contain "/".');
    expect(messageOf(contentTopics['content.save'].input.safeParse({ networkId: 'local', cid: CID, path: [], name: '', as: 'file' }))).toMatch(/at least 1|too small|>=1/i);
  });

  it('refuses upload paths that climb or are empty, and chunks that are too large', () => {
    const begin = contentMethods['content.addBegin'].input;
    expect(begin.safeParse({ networkId: 'local', kind: 'files', entries: [{ path: 'a/../b', kind: 'file', size: 1 }] }).success).toBe(false);
    expect(begin.safeParse({ networkId: 'local', kind: 'files', entries: [{ path: 'a//b', kind: 'file', size: 1 }] }).success).toBe(false);
    expect(messageOf(begin.safeParse({ networkId: 'local', kind: 'files', entries: [] }))).toBe('Choose at least one file.');
    expect(begin.parse({ networkId: 'local', kind: 'files', entries: [{ path: 'folder/a.txt', kind: 'file', size: 3 }] }).wrap).toBe(false);
    const chunk = contentMethods['content.addChunk'].input;
    expect(messageOf(chunk.safeParse({ uploadId: 'f'.repeat(32), base64: 'A'.repeat(1_400_000) }))).toBe('An upload chunk is at most 1 MiB.');
    expect(messageOf(chunk.safeParse({ uploadId: '../x', base64: '' }))).toBe('not an upload id');
  });

  it('never throws on hostile input, and a parsed path has no empty, dot or slashed name (fuzz)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }), (cid, path) => {
        const result = contentMethods['content.preview'].input.safeParse({ networkId: 'local', cid, path });
        if (result.success) for (const name of result.data.path) expect(name === '' || name === '.' || name === '..' || name.includes('/')).toBe(false);
        else expect(result.error.issues[0]!.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });
});
