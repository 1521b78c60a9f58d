import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton';

const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

describe('CopyButton', () => {
  it('is named after what it copies and puts the value on the clipboard', async () => {
    const user = userEvent.setup();
    render(<CopyButton value={HASH} label="transaction hash" />);
    const button = screen.getByRole('button', { name: 'Copy transaction hash' });
    expect(button.getAttribute('type')).toBe('button');
    await user.click(button);
    await expect(navigator.clipboard.readText()).resolves.toBe(HASH);
    // Once the clipboard took it, the button says so.
    const copied = await screen.findByRole('button', { name: 'Copied transaction hash' });
    expect(copied.getAttribute('title')).toBe('Copied');
  });

  it('goes back to "Copy" a moment later', async () => {
    // Testing Library waits on setTimeout(0) after each action and advances fake timers only when it sees
    // Jest's: vitest's fake timers are the same clock, so it is shown them under Jest's name for this test.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const globals = globalThis as { jest?: unknown };
    globals.jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      render(<CopyButton value="0xabc" label="address" />);
      await user.click(screen.getByRole('button', { name: 'Copy address' }));
      // The clipboard answers in a promise; let it settle.
      await act(async () => undefined);
      expect(screen.getByRole('button', { name: 'Copied address' })).toBeTruthy();
      act(() => vi.runOnlyPendingTimers());
      expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    } finally {
      delete globals.jest;
      vi.useRealTimers();
    }
  });

  it('says nothing was copied when the clipboard refuses', async () => {
    const user = userEvent.setup();
    const refused = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    render(<CopyButton value="0xabc" label="address" />);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(refused).toHaveBeenCalledWith('0xabc');
    await act(async () => {
      await refused.mock.results[0]!.value.catch(() => undefined);
    });
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Copied/ })).toBeNull();
  });
});
