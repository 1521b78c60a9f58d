import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { NetworkView } from '../../../src-shared/api/networks';
import type { ContentFindResult, ContentNameMatch } from '../../../src-shared/content/contentTypes';
import { useUiStore } from '../../state/useUiStore';
import { renderWithApp } from '../../testing/renderWithApp';
import { GlobalSearch } from './GlobalSearch';

const LOCAL = { id: 'local', name: 'Local', family: 'evm', selected: true } as NetworkView;
const CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
const MATCH: ContentNameMatch = { cid: CID, name: 'quarterly report.txt', source: 'added', rootCid: CID, path: '', rootName: 'quarterly report.txt', kind: 'file', size: 2_048, at: Date.now() - 120_000 };

function renderSearch(find: (text: string) => ContentFindResult) {
  const user = userEvent.setup();
  const asked: string[] = [];
  const result = renderWithApp(<GlobalSearch />, {
    path: '/gas',
    api: {
      methods: {
        'networks.list': async () => [LOCAL],
        'content.find': async ({ text }) => {
          asked.push(text);
          return find(text);
        },
      },
    },
  });
  return { user, box: screen.getByRole('searchbox', { name: 'Search' }), history: result.history, asked };
}

describe('GlobalSearch, a name', () => {
  afterEach(() => act(() => useUiStore.getState().setSearchDraft('')));

  it('offers the content that goes by a name typed, with its CID, size and when it was added; Enter opens the best', async () => {
    const { user, box, history, asked } = renderSearch((text) => ({ text, matches: [MATCH], truncated: false, searched: { names: 1, pins: 0, pinNames: 0 } }));
    await user.click(box);
    await user.keyboard('report');
    const list = await screen.findByRole('list', { name: 'Content by this name' });
    expect(asked.at(-1)).toBe('report');
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'quarterly report.txt' }).getAttribute('href')).toBe(`/content/${CID}?name=quarterly%20report.txt`);
    expect(within(item).getByTitle(CID).textContent).toBe(`${CID.slice(0, 10)}…${CID.slice(-6)}`);
    expect(within(item).getByTitle('2,048 bytes').textContent).toBe('2.0 KiB');
    expect(item.textContent).toContain('added 2 min ago');
    await user.keyboard('{Enter}');
    expect(history.at(-1)).toBe(`/content/${CID}?name=quarterly%20report.txt`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the best match on an Enter pressed before the matches were shown', async () => {
    const { user, box, history, asked } = renderSearch((text) => ({ text, matches: text === 'report' ? [MATCH] : [], truncated: false, searched: { names: 1, pins: 0, pinNames: 0 } }));
    await user.click(box);
    await user.keyboard('report{Enter}');
    await waitFor(() => expect(history.at(-1)).toBe(`/content/${CID}?name=quarterly%20report.txt`));
    expect(asked).toContain('report');
  });

  it('keeps the matches open while Tab goes from the box to them, and a match opens from the keyboard', async () => {
    const { user, box, history } = renderSearch((text) => ({ text, matches: [MATCH], truncated: false, searched: { names: 1, pins: 0, pinNames: 0 } }));
    await user.click(box);
    await user.keyboard('quarterly');
    const link = within(await screen.findByRole('list', { name: 'Content by this name' })).getByRole('link', { name: 'quarterly report.txt' });
    await user.tab();
    expect(document.activeElement).toBe(link);
    expect(screen.getByRole('list', { name: 'Content by this name' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(history.at(-1)).toBe(`/content/${CID}?name=quarterly%20report.txt`);
  });

  it('says what text that names nothing looks like, in plain words, before and after Enter', async () => {
    const { user, box, history } = renderSearch((text) => ({ text, matches: [], truncated: false, searched: { names: 0, pins: 3, pinNames: 0 }, none: 'x' }));
    await user.click(box);
    await user.keyboard('hello.txt');
    const words = '"hello.txt" looks like a file name, but nothing added or named on Local goes by it, and it is not a block number, hash, address or CID.';
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.queryByText(/multibase/)).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(words);
    expect(history).toEqual(['/gas']);
  });
});
