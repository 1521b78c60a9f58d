import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LatestView } from '../../../../src-shared/api/explorer';
import type { HealthEvent } from '../../../../src-shared/api/networks';
import { renderWithApp } from '../../../testing/renderWithApp';
import { useHeldLiveSubscription } from '../../../hooks/useLiveSubscription';
import { ExplorerHome, latestInput } from './ExplorerHome';

const now = Date.now();
const VIEW: LatestView = {
  head: '0x64',
  blocks: [{ number: '0x64', hash: `0x${'ab'.repeat(32)}`, timestamp: `0x${Math.floor((now - 120_000) / 1000).toString(16)}`, miner: `0x${'00'.repeat(20)}`, transactionCount: 0, gasUsed: '0x0', gasLimit: '0x1c9c380', baseFeePerGas: '0x7' }],
  transactions: [],
  reset: false,
};
const CONNECTED: HealthEvent = { networkId: 'staging', state: 'connected', ok: true, chainIdMismatch: false, checkedAt: now };
const DOWN: HealthEvent = {
  networkId: 'staging',
  state: 'error',
  ok: false,
  chainIdMismatch: false,
  error: { name: 'NetworkDownError', kind: 'unreachable', code: 'ECONNREFUSED', shortMessage: 'Nothing answers at 127.0.0.1:8545: the connection was refused.' },
  checkedAt: now,
  failingSince: now - 90_000,
  failedAttempts: 12,
};

/** The home over a fake API whose latest view is `view` and whose health feed sends what `health()` says when subscribed. */
function renderHome(health: () => HealthEvent, view: LatestView = VIEW) {
  let subscriptions = 0;
  const wait = (signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
  renderWithApp(<ExplorerHome networkId="staging" networkName="Staging" />, {
    api: {
      topics: {
        'explorer.latest': async (_input, emit, signal) => {
          emit(view);
          await wait(signal as AbortSignal);
        },
        'network.health': async (_input, emit, signal) => {
          subscriptions += 1;
          emit(health());
          await wait(signal as AbortSignal);
        },
      },
    },
  });
  return { subscriptions: () => subscriptions };
}

describe('ExplorerHome', () => {
  it('says "live" while the node answers', async () => {
    renderHome(() => CONNECTED);
    expect(await screen.findByText('Latest blocks and transactions on Staging, live.')).toBeTruthy();
    expect(screen.queryByText(/stopped answering/)).toBeNull();
  });

  it('paints the blocks of a first view sent before its transactions, saying they are being read (not that there are none)', async () => {
    renderHome(() => CONNECTED, { ...VIEW, blocks: [{ ...VIEW.blocks[0]!, transactionCount: 3 }], transactionsPending: true });
    expect(await screen.findByText('Reading the latest transactions…')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Latest blocks' }).textContent).toContain('3 transactions');
    expect(screen.queryByText(/^No transactions in the latest/)).toBeNull();
  });

  it('says of a kept view saved before its transactions were read that they were not kept (not that they are being read)', async () => {
    renderHome(() => DOWN, { ...VIEW, blocks: [{ ...VIEW.blocks[0]!, transactionCount: 3 }], transactionsPending: true, storedAt: now - 60_000 });
    expect(await screen.findByText('The transactions of these blocks were not kept on this machine: they come once Staging answers.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Latest blocks' }).textContent).toContain('3 transactions');
    expect(screen.queryByText('Reading the latest transactions…')).toBeNull();
  });

  it('says on the page when the node stopped answering: why, since when, that the blocks are the last seen; Try again asks again', async () => {
    const user = userEvent.setup();
    let answering = false;
    const feed = renderHome(() => (answering ? CONNECTED : DOWN));
    // Found, not got: the home may first paint the view an earlier test's page kept (it paints the last one heard at
    // once), which says "as last seen" too, before this feed's live view and the health that says it stopped.
    const note = (await screen.findByText(/^Staging stopped answering/)).closest('[role="status"]') as HTMLElement;
    expect(screen.getByText('Latest blocks and transactions on Staging, as last seen.')).toBeTruthy();
    expect(note.textContent).toContain('Staging stopped answering 2 min ago');
    expect(note.textContent).toContain(': Nothing answers at 127.0.0.1:8545: the connection was refused. The blocks below are the last ones seen, the newest made 2 min ago; they are not live.');
    expect(note.textContent).toContain('Tried 12 times; Blockglass keeps trying every few seconds');
    const before = feed.subscriptions();
    answering = true;
    await user.click(within(note).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Latest blocks and transactions on Staging, live.')).toBeTruthy();
    expect(feed.subscriptions()).toBeGreaterThan(before);
    expect(screen.queryByText(/stopped answering/)).toBeNull();
  });

  it('paints the blocks the last visit heard at once on the next, before its own feed has answered', async () => {
    const wait = (signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    const health = async (_input: unknown, emit: (event: HealthEvent) => void, signal: unknown) => {
      emit(CONNECTED);
      await wait(signal as AbortSignal);
    };
    const first = renderWithApp(<ExplorerHome networkId="kept" networkName="Kept" />, {
      api: { topics: { 'explorer.latest': async (_input, emit, signal) => (emit(VIEW), wait(signal as AbortSignal)), 'network.health': health } },
    });
    await within(await screen.findByRole('region', { name: /Latest blocks/ })).findAllByRole('link', { name: '100' });
    first.unmount();
    // The next visit's feed has not answered yet (it never does here): the blocks shown are the ones last heard.
    renderWithApp(<ExplorerHome networkId="kept" networkName="Kept" />, {
      api: { topics: { 'explorer.latest': async (_input, _emit, signal) => wait(signal as AbortSignal), 'network.health': health } },
    });
    expect(within(screen.getByRole('region', { name: /Latest blocks/ })).getAllByRole('link', { name: '100' }).length).toBeGreaterThan(0);
  });

  it('paints at once the blocks the explorer held (not drew) while another of its pages was open', async () => {
    const wait = (signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    let sent = 0;
    function Holder() {
      useHeldLiveSubscription('explorer.latest', latestInput('held'));
      return <p>A block page</p>;
    }
    const held = renderWithApp(<Holder />, {
      api: { topics: { 'explorer.latest': async (_input, emit, signal) => (emit(VIEW), (sent += 1), wait(signal as AbortSignal)) } },
    });
    await expect.poll(() => sent).toBe(1);
    // Held, not drawn: the page shows nothing of it.
    expect(screen.queryByRole('link', { name: '100' })).toBeNull();
    held.unmount();
    renderWithApp(<ExplorerHome networkId="held" networkName="Held" />, {
      api: { topics: { 'explorer.latest': async (_input, _emit, signal) => wait(signal as AbortSignal), 'network.health': async (_input, _emit, signal) => wait(signal as AbortSignal) } },
    });
    expect(within(screen.getByRole('region', { name: /Latest blocks/ })).getAllByRole('link', { name: '100' }).length).toBeGreaterThan(0);
  });
});

describe("the home's first frame", () => {
  it('draws the rows a window shows above the fold first, then every block the view holds', async () => {
    const blocks = Array.from({ length: 10 }, (_, index) => ({ ...VIEW.blocks[0]!, number: `0x${(100 - index).toString(16)}`, hash: `0x${index.toString(16).padStart(64, '0')}` }));
    renderHome(() => CONNECTED, { ...VIEW, blocks });
    const list = () => within(screen.getByRole('region', { name: 'Latest blocks' })).getAllByRole('listitem');
    await screen.findByRole('region', { name: 'Latest blocks' });
    expect(list().length).toBeLessThan(10);
    await expect.poll(() => list().length).toBe(10);
    expect(list().map((item) => within(item).getAllByRole('link')[0]!.textContent)).toEqual(blocks.map((block) => String(Number(block.number))));
  });
});
