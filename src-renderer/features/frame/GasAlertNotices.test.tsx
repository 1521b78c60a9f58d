import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NetworkView } from '../../../src-shared/api/networks';
import type { FiredGasAlert } from '../../../src-shared/gas/gasTypes';
import { renderWithApp } from '../../testing/renderWithApp';
import { useSeeGasAlerts } from '../../hooks/useUnseenGasAlerts';
import { useGasAlertsSeen } from '../../state/useGasAlertsSeen';
import { GasAlertNotices, NOTICE_MS } from './GasAlertNotices';
import { Sidebar } from './Sidebar';

const LOCAL = { id: 'local', name: 'Local sandbox', family: 'evm' } as NetworkView;
function fired(id: number, at = Date.now()): FiredGasAlert {
  return { id, alertId: 1, networkId: 'local', description: `medium max fee below ${id} gwei`, valueGwei: '1.234567891', block: 12_345, at };
}
function frame(alerts: FiredGasAlert[], extra: React.ReactNode = null) {
  return renderWithApp(
    <>
      <Sidebar />
      <GasAlertNotices />
      {extra}
    </>,
    { path: '/explorer', api: { methods: { 'gas.firedAlerts': async () => alerts, 'networks.list': async () => [LOCAL] } } },
  );
}
afterEach(() => {
  vi.useRealTimers();
  useGasAlertsSeen.setState({ seen: {} });
});

describe('a fired gas alert, on another screen', () => {
  it('shows as a notice with the network, the value and the way to the gas page, and as a count on the Gas entry', async () => {
    const { history } = frame([fired(2)]);
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Gas alert: medium max fee below 2 gwei')).toBeTruthy();
    await waitFor(() => expect(notice.textContent).toContain('Local sandbox: now 1.235 gwei at block #12,345'));
    expect(screen.getByRole('link', { name: 'Gas, 1 new alert' })).toBeTruthy();
    await userEvent.setup().click(within(notice).getByRole('link', { name: 'Open Gas' }));
    expect(history.at(-1)).toBe('/gas?network=local');
  });

  it('goes, notice and count, once dismissed', async () => {
    const user = userEvent.setup();
    frame([fired(3), fired(2)]);
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Gas, 2 new alerts' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss gas alert: medium max fee below 3 gwei' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Gas, 1 new alert' })).toBeTruthy();
  });

  it('goes once the gas page has been seen', async () => {
    function GasPage() {
      useSeeGasAlerts();
      return null;
    }
    const { rerender } = frame([fired(2)]);
    await screen.findByRole('alert');
    rerender(
      <>
        <Sidebar />
        <GasAlertNotices />
        <GasPage />
      </>,
    );
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('link', { name: 'Gas' })).toBeTruthy();
  });

  it('leaves out alerts fired before this window opened', async () => {
    frame([fired(5), fired(4, Date.now() - 86_400_000)]);
    const [notice, ...others] = await screen.findAllByRole('alert');
    expect(others).toEqual([]);
    expect(notice!.textContent).toContain('below 5 gwei');
    expect(screen.getByRole('link', { name: 'Gas, 1 new alert' })).toBeTruthy();
  });

  it('goes by itself after a while, not while the pointer is on it; the Gas entry still counts it', async () => {
    frame([fired(6)]);
    const notice = await screen.findByRole('alert');
    vi.useFakeTimers();
    fireEvent.pointerEnter(notice);
    act(() => vi.advanceTimersByTime(NOTICE_MS * 2));
    expect(screen.getByRole('alert')).toBe(notice);
    fireEvent.pointerLeave(notice);
    act(() => vi.advanceTimersByTime(NOTICE_MS - 1));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Gas, 1 new alert' })).toBeTruthy();
  });
});
