import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ContentEntry, ContentListEvent, ContentNode, RecentContent } from '../../../src-shared/content/contentTypes';
import { renderWithApp } from '../../testing/renderWithApp';
import { PlaceView } from './PlaceView';

// A place is shown under the name it was opened by (an added `hello.txt`, not its CID), with its CID beside, labelled;
// the breadcrumb's root is that name, links inside keep it, and a save uses it.

const FILE_CID = 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e';
const FOLDER_CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const FILE: ContentNode = { cid: FILE_CID, codec: 'raw', kind: 'file', size: 12, unixfsType: 'raw', linkCount: 0, readWith: 'object/get', pin: 'recursive' };
const FOLDER: ContentNode = { cid: FOLDER_CID, codec: 'dag-pb', kind: 'directory', size: 30, unixfsType: 'directory', linkCount: 2, readWith: 'object/get', pin: 'recursive' };
const ENTRIES: ContentEntry[] = [
  { name: 'notes.txt', cid: FILE_CID, size: 12, type: 'file' },
  { name: 'sub', cid: FOLDER_CID, size: 0, type: 'directory' },
];

/** The fake API of one place: what it resolves to, what the recent list knows, and every `content.remember` sent. */
function placeApi(node: ContentNode, recent: RecentContent[] = []) {
  const remembered: { cid: string; path: string[]; name: string }[] = [];
  const methods = {
    'content.resolve': async () => node,
    'content.preview': async () => ({ size: 12, bytesRead: 12, truncated: false, mime: 'text/plain', kind: 'text' as const, encoding: 'UTF-8', text: 'hello world\n', base64: 'aGVsbG8gd29ybGQK' }),
    'content.pins': async () => ({ recursive: [node.cid], direct: [], truncated: false }),
    'content.recent': async ({ cid }: { cid?: string | undefined }) => recent.filter((item) => cid === undefined || item.cid === cid),
    'content.remember': async ({ cid, path, name, kind }: { cid: string; path: string[]; name: string; kind: RecentContent['kind'] }) => {
      remembered.push({ cid, path, name });
      return { cid, path: path.join('/'), name, kind, openedAt: 0 };
    },
  };
  const topics = {
    'content.list': async (_input: unknown, emit: (event: ContentListEvent) => void) => {
      emit({ kind: 'entries', entries: ENTRIES, loaded: ENTRIES.length });
      emit({ kind: 'done', total: ENTRIES.length });
    },
  };
  return { api: { methods, topics }, remembered };
}

describe('PlaceView', () => {
  it('shows an added file under its name, its CID below labelled as the CID, the name as the breadcrumb root, and saves it under the name', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const { api, remembered } = placeApi(FILE);
    renderWithApp(<PlaceView networkId="local" cid={FILE_CID} segments={[]} routeName="hello.txt" onSave={onSave} />, { api });

    const heading = await screen.findByRole('heading', { name: 'hello.txt', level: 2 });
    const title = heading.closest('.content-title') as HTMLElement;
    expect(within(title).getByText('CID')).toBeTruthy();
    expect(within(title).getByText(FILE_CID)).toBeTruthy();
    // The CID is on screen once, whole (the inspector beside takes it apart without repeating it).
    expect(screen.getAllByText(FILE_CID)).toHaveLength(1);
    expect(within(screen.getByRole('navigation', { name: 'Path' })).getByText('hello.txt').getAttribute('aria-current')).toBe('page');

    await screen.findByText('hello world', { exact: false });
    for (const button of screen.getAllByRole('button', { name: 'Save as…' })) await user.click(button);
    expect(onSave.mock.calls).toEqual([
      [FILE_CID, [], 'hello.txt', 'file', 12],
      [FILE_CID, [], 'hello.txt', 'file', 12],
    ]);
    await vi.waitFor(() => expect(remembered).toContainEqual({ cid: FILE_CID, path: [], name: 'hello.txt' }));
  });

  it('opened by its bare CID, finds the name it was added by in the recent list, and sends no name that would replace it', async () => {
    const { api, remembered } = placeApi(FILE, [{ cid: FILE_CID, path: '', name: 'hello.txt', kind: 'file', openedAt: 1 }]);
    renderWithApp(<PlaceView networkId="local" cid={FILE_CID} segments={[]} onSave={vi.fn()} />, { api });
    expect(await screen.findByRole('heading', { name: 'hello.txt', level: 2 })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Path' })).getByText('hello.txt')).toBeTruthy();
    await vi.waitFor(() => expect(remembered).toContainEqual({ cid: FILE_CID, path: [], name: '' }));
    expect(remembered.some((entry) => entry.name === FILE_CID)).toBe(false);
  });

  it('calls a bare CID nobody named /ipfs/<short cid>, in the breadcrumb and the heading, and saves it under its CID', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithApp(<PlaceView networkId="local" cid={FILE_CID} segments={[]} onSave={onSave} />, { api: placeApi(FILE).api });
    expect(await screen.findByRole('heading', { name: `/ipfs/${FILE_CID.slice(0, 10)}…${FILE_CID.slice(-6)}`, level: 2 })).toBeTruthy();
    const root = within(screen.getByRole('navigation', { name: 'Path' })).getByText(`/ipfs/${FILE_CID.slice(0, 10)}…${FILE_CID.slice(-6)}`);
    expect(root.getAttribute('title')).toBe(`/ipfs/${FILE_CID}`);
    await user.click(screen.getAllByRole('button', { name: 'Save as…' })[0]!);
    expect(onSave).toHaveBeenCalledWith(FILE_CID, [], FILE_CID, 'file', 12);
  });

  it('lets a person name a root nobody named: the name is made safe and goes into its link; an empty one is refused with a reason', async () => {
    const user = userEvent.setup();
    const { history } = renderWithApp(<PlaceView networkId="local" cid={FILE_CID} segments={[]} onSave={vi.fn()} />, { api: placeApi(FILE).api, path: `/content/${FILE_CID}` });
    await user.click(await screen.findByRole('button', { name: 'Name it…' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await user.type(field, ' .. ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByRole('alert').textContent).toBe('A name needs a character other than spaces and control characters, and cannot be "." or "..".');
    // A bidi override is refused with its reason (cleanName's words, as for every name a person gives).
    await user.clear(field);
    await user.type(field, 'Safe\u202Eexe.txt');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByRole('alert').textContent).toMatch(/U\+202E \(right-to-left override\)/);
    await user.clear(field);
    await user.type(field, 'logos/v2.png');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(history.at(-1)).toBe(`/content/${FILE_CID}?name=logos_v2.png`);
  });

  it('keeps a folder’s name in every link inside it, and shows a place under it with the folder as the root crumb', async () => {
    const { api } = placeApi(FOLDER);
    const { unmount } = renderWithApp(<PlaceView networkId="local" cid={FOLDER_CID} segments={[]} routeName="my folder" onSave={vi.fn()} />, { api });
    expect(await screen.findByRole('heading', { name: 'my folder', level: 2 })).toBeTruthy();
    const table = await screen.findByRole('grid', { name: /entries/ });
    expect(within(table).getByRole('link', { name: 'notes.txt' }).getAttribute('href')).toBe(`/content/${FOLDER_CID}/notes.txt?name=my%20folder`);
    unmount();

    renderWithApp(<PlaceView networkId="local" cid={FOLDER_CID} segments={['sub', 'deeper']} routeName="my folder" onSave={vi.fn()} />, { api });
    const path = screen.getByRole('navigation', { name: 'Path' });
    expect(within(path).getByRole('link', { name: 'my folder' }).getAttribute('href')).toBe(`/content/${FOLDER_CID}?name=my%20folder`);
    expect(within(path).getByRole('link', { name: 'sub' }).getAttribute('href')).toBe(`/content/${FOLDER_CID}/sub?name=my%20folder`);
    expect(await screen.findByRole('heading', { name: 'deeper', level: 2 })).toBeTruthy();
    // A place under a root is named by its path: it offers no naming of its own.
    expect(screen.queryByRole('button', { name: /Rename|Name it/ })).toBeNull();
  });
});
