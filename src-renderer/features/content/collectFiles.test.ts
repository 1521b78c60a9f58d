import { describe, expect, it } from 'vitest';
import { itemsFromFileList, uploadEntries } from './collectFiles';

const file = (path: string, text: string) => {
  const made = new File([text], path.split('/').pop()!);
  Object.defineProperty(made, 'webkitRelativePath', { value: path });
  return made;
};

describe('itemsFromFileList', () => {
  it('puts every folder before its files, once, and cleans the paths', () => {
    const items = itemsFromFileList([file('top/sub/b.txt', 'bb'), file('top/a.txt', 'a'), file('top/sub/c.txt', 'c'), file('./top/../evil.txt', 'e')]);
    expect(items.map((item) => item.path)).toEqual(['top', 'top/sub', 'top/sub/b.txt', 'top/a.txt', 'top/sub/c.txt', 'top/evil.txt']);
    expect(uploadEntries(items)).toEqual([
      { path: 'top', kind: 'directory', size: 0 },
      { path: 'top/sub', kind: 'directory', size: 0 },
      { path: 'top/sub/b.txt', kind: 'file', size: 2 },
      { path: 'top/a.txt', kind: 'file', size: 1 },
      { path: 'top/sub/c.txt', kind: 'file', size: 1 },
      { path: 'top/evil.txt', kind: 'file', size: 1 },
    ]);
  });

  it('keeps loose files by their names', () => {
    expect(itemsFromFileList([new File(['x'], 'one.txt'), new File(['y'], 'two.txt')]).map((item) => item.path)).toEqual(['one.txt', 'two.txt']);
  });
});
