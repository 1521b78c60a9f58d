import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HealthEvent } from '../../src-shared/api/networks';
import { renderWithApp } from '../testing/renderWithApp';
import { WaitingForNode } from './WaitingForNode';

const DOWN: HealthEvent = {
  networkId: 'staging',
  state: 'error',
  ok: false,
  chainIdMismatch: false,
  error: { name: 'NetworkDownError', kind: 'unreachable', code: 'ECONNREFUSED', shortMessage: 'Nothing answers at 127.0.0.1:8545 (connection refused).', details: 'The node is down or the address is wrong.' },
  checkedAt: Date.UTC(2026, 10, 26, 12, 5, 0),
  failingSince: Date.UTC(2026, 10, 26, 12, 0, 0),
  failedAttempts: 31,
};

/** A health feed that sends `events` in order, one per subscription (the last one again after that), and counts subscriptions. */
function healthFeed(events: HealthEvent[]) {
  let subscriptions = 0;
  const handler = async (_input: unknown, emit: (payload: HealthEvent) => void, signal: { aborted: boolean }) => {
    emit(events[Math.min(subscriptions, events.length - 1)]!);
    subscriptions += 1;
    await new Promise<void>((resolve) => (signal as AbortSignal).addEventListener('abort', () => resolve()));
  };
  return { handler, subscriptions: () => subscriptions };
}

describe('WaitingForNode', () => {
  it('shows its label while the node has not failed', async () => {
    const feed = healthFeed([{ ...DOWN, state: 'connecting', error: undefined, failedAttempts: undefined, failingSince: undefined }]);
    renderWithApp(<WaitingForNode networkId="staging" networkName="Staging" label="Waiting for the latest block of Staging…" />, { api: { topics: { 'network.health': feed.handler } } });
    expect(await screen.findByText('Waiting for the latest block of Staging…')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('once the node cannot be reached: why, what was tried and since when, and "Try again" that asks again at once', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const feed = healthFeed([DOWN]);
    renderWithApp(<WaitingForNode networkId="staging" networkName="Staging" label="Waiting…" onRetry={onRetry} />, { api: { topics: { 'network.health': feed.handler } } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Staging cannot be reached: Nothing answers at 127.0.0.1:8545 (connection refused).')).toBeTruthy();
    expect(alert.textContent).toContain(`Tried 31 times since ${new Date(DOWN.failingSince!).toLocaleTimeString()} (5 min ago)`);
    expect(screen.queryByText('Waiting…')).toBeNull();
    expect(feed.subscriptions()).toBe(1);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(feed.subscriptions()).toBe(2));
  });
});
