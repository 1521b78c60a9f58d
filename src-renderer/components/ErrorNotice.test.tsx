import { useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AppInfo } from '../../src-shared/api/app';
import { useApi } from '../api/useApi';
import { apiErrorOf } from '../lib/apiErrorOf';
import { appInfoQuery } from '../queries/appInfo';
import { renderWithApp } from '../testing/renderWithApp';
import { ErrorNotice } from './ErrorNotice';

const TIMEOUT = { name: 'RpcTimeoutError', code: -32603, shortMessage: 'The node did not answer within 15 s.', details: 'Check that the node is running, or try again.' };

describe('ErrorNotice', () => {
  it('is an alert with the short message, the details, and the name and code in small print', () => {
    render(<ErrorNotice error={TIMEOUT} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The node did not answer within 15 s.')).toBeTruthy();
    expect(within(alert).getByText('Check that the node is running, or try again.')).toBeTruthy();
    expect(within(alert).getByText('RpcTimeoutError · -32603')).toBeTruthy();
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('puts the title before the message', () => {
    render(<ErrorNotice error={TIMEOUT} title="This block could not be read" />);
    expect(within(screen.getByRole('alert')).getByText('This block could not be read: The node did not answer within 15 s.')).toBeTruthy();
  });

  it('shows the name alone when there is no code or details, and a code of 0 as a code', () => {
    const { rerender } = render(<ErrorNotice error={{ name: 'InvalidBlockError', shortMessage: '“12x” is not a block' }} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('“12x” is not a blockInvalidBlockError');
    rerender(<ErrorNotice error={{ name: 'RpcError', code: 0, shortMessage: 'Odd node.' }} />);
    expect(within(screen.getByRole('alert')).getByText('RpcError · 0')).toBeTruthy();
  });

  it('offers "Try again" when it can retry, and calls back once per press', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorNotice error={TIMEOUT} onRetry={onRetry} />);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows an error from the API as it crossed the boundary, and goes once a retry succeeds', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const info: AppInfo = { name: 'Blockglass', version: '1.2.3', shell: 'web', keychain: 'memory' };
    function AppVersion() {
      const query = useQuery({ ...appInfoQuery(useApi()), retry: false });
      if (query.isError) return <ErrorNotice error={apiErrorOf(query.error)} title="The app's details could not be read" onRetry={() => void query.refetch()} />;
      return <p>{query.data ? `Version ${query.data.version}` : 'Loading…'}</p>;
    }
    renderWithApp(<AppVersion />, {
      api: {
        methods: {
          'app.info': async () => {
            calls += 1;
            if (calls === 1) throw { name: 'KeychainUnavailableError', code: 'KEYCHAIN', shortMessage: 'No keychain answered.', details: 'Start a Secret Service, or run with a private keyring.', stack: 'not sent' };
            return info;
          },
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("The app's details could not be read: No keychain answered.")).toBeTruthy();
    expect(within(alert).getByText('Start a Secret Service, or run with a private keyring.')).toBeTruthy();
    expect(within(alert).getByText('KeychainUnavailableError · KEYCHAIN')).toBeTruthy();
    // Only the plain error's fields cross; the rest of what was thrown stays behind.
    expect(alert.textContent).not.toContain('not sent');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Version 1.2.3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });
});
