import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RecentContent } from '../../../src-shared/content/contentTypes';
import { renderWithApp } from '../../testing/renderWithApp';
import { RecentList } from './RecentList';

// The landing's Recent list: each place under the name it was opened by, its link keeping that name, and Forget
// forgetting that place only.

const FILE_CID = 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e';
const FOLDER_CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

describe('RecentList', () => {
  it('lists places by name, links roots with their name, and forgets one place at a time', async () => {
    const user = userEvent.setup();
    let recent: RecentContent[] = [
      { cid: FOLDER_CID, path: 'sub', name: 'sub', kind: 'directory', openedAt: 3 },
      { cid: FOLDER_CID, path: '', name: 'field-notes', kind: 'directory', openedAt: 2 },
      { cid: FILE_CID, path: '', name: 'hello.txt', kind: 'file', openedAt: 1 },
      { cid: 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte', path: '', name: '', kind: 'file', openedAt: 0 },
    ];
    const forgotten: unknown[] = [];
    const forgetRecent = vi.fn(async (input: { cid?: string | undefined; path?: string | undefined }) => {
      forgotten.push(input);
      const before = recent.length;
      recent = recent.filter((item) => !(item.cid === input.cid && (input.path === undefined || item.path === input.path)));
      return { deleted: before - recent.length };
    });
    renderWithApp(<RecentList networkId="local" demoCid={FOLDER_CID} />, { api: { methods: { 'content.recent': async () => recent, 'content.forgetRecent': forgetRecent } } });

    const list = await screen.findByRole('region', { name: 'Recent' });
    expect((await within(list).findByRole('link', { name: 'hello.txt' })).getAttribute('href')).toBe(`/content/${FILE_CID}?name=hello.txt`);
    expect(within(list).getByRole('link', { name: 'field-notes' }).getAttribute('href')).toBe(`/content/${FOLDER_CID}?name=field-notes`);
    // A place under a root carries no name of its own in the link: the root's name is found when it opens.
    expect(within(list).getByRole('link', { name: 'sub' }).getAttribute('href')).toBe(`/content/${FOLDER_CID}/sub`);
    expect(within(list).getByRole('link', { name: '/ipfs/QmdDsoYecH…6xHhte' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open blockglass-demo' }).getAttribute('href')).toBe(`/content/${FOLDER_CID}?name=blockglass-demo`);

    await user.click(within(list).getByRole('button', { name: 'Forget sub' }));
    expect(forgotten).toEqual([{ networkId: 'local', cid: FOLDER_CID, path: 'sub' }]);
    await vi.waitFor(() => expect(within(list).queryByRole('link', { name: 'sub' })).toBeNull());
    expect(within(list).getByRole('link', { name: 'field-notes' })).toBeTruthy();
  });
});
