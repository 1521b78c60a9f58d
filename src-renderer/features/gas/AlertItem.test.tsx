import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_COOLDOWN_MS } from '../../../src-shared/gas/gasAlerts';
import type { GasAlert } from '../../../src-shared/gas/gasTypes';
import { renderWithApp } from '../../testing/renderWithApp';
import { AlertItem } from './AlertItem';

const now = Date.now();
const ALERT: GasAlert = { id: 4, networkId: 'local', metric: 'medium', direction: 'below', thresholdGwei: '2', createdAt: now - 3_600_000, lastValueGwei: '1.5', met: true };
const time = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { timeStyle: 'short' });

function renderItem(alert: GasAlert) {
  const snooze = vi.fn(async ({ minutes }: { id: number; minutes: number }) => ({ ...alert, ...(minutes > 0 ? { snoozedUntil: now + minutes * 60_000 } : {}) }));
  renderWithApp(
    <ul>
      <AlertItem alert={alert} onDelete={() => {}} />
    </ul>,
    { api: { methods: { 'gas.snoozeAlert': snooze } } },
  );
  return snooze;
}

describe('AlertItem', () => {
  it('says it is quiet after it fired, until when, and that a crossing meanwhile is told after', () => {
    const firedAt = now - 60_000;
    renderItem({ ...ALERT, lastFiredAt: firedAt, owed: true });
    expect(screen.getByText(`quiet until ${time(firedAt + ALERT_COOLDOWN_MS)} (fired at ${time(firedAt)}), then told if it still holds`)).toBeTruthy();
  });

  it('snoozes for the time picked, and a snoozed alert can be woken', async () => {
    const user = userEvent.setup();
    const snooze = renderItem(ALERT);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Snooze alert: medium max fee below 2 gwei' }), 'for 1 hour');
    await waitFor(() => expect(snooze).toHaveBeenCalledWith({ id: 4, minutes: 60 }, expect.anything()));
  });

  it('shows a snoozed alert with its end and a Wake button', async () => {
    const user = userEvent.setup();
    const until = now + 3_600_000;
    const snooze = renderItem({ ...ALERT, snoozedUntil: until });
    expect(screen.getByText(`snoozed until ${time(until)}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Wake alert: medium max fee below 2 gwei' }));
    await waitFor(() => expect(snooze).toHaveBeenCalledWith({ id: 4, minutes: 0 }, expect.anything()));
  });
});
