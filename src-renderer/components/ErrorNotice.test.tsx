import { useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../src-shared/api/apiError';
import type { AppInfo } from '../../src-shared/api/app';
import { useApi } from '../api/useApi';
import { apiErrorOf } from '../lib/apiErrorOf';
import { appInfoQuery } from '../queries/appInfo';
import { renderWithApp } from '../testing/renderWithApp';
import { ErrorNotice } from './ErrorNotice';

const TIMEOUT: ApiError = { name: 'RpcTimeoutError', kind: 'timeout', code: -32603, shortMessage: 'The node did not answer within 15 s.', details: 'Check that the node is running, or try again.' };

describe('ErrorNotice', () => {
  it('is an alert with the short message and the details in words, its kind and code behind "Details"', async () => {
    const user = userEvent.setup();
    render(<ErrorNotice error={TIMEOUT} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The node did not answer within 15 s.')).toBeTruthy();
    expect(within(alert).getByText('Check that the node is running, or try again.')).toBeTruthy();
    const more = alert.querySelector('details')!;
    expect(more.open).toBe(false);
    // The words before the disclosure name no kind and no code.
    expect(alert.textContent!.slice(0, alert.textContent!.indexOf('Details'))).not.toMatch(/RpcTimeoutError|-32603/);
    await user.click(within(alert).getByText('Details'));
    expect(more.open).toBe(true);
    expect(within(more).getByText('RpcTimeoutError')).toBeTruthy();
    expect(within(more).getByText('-32603')).toBeTruthy();
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('puts the title before the message', () => {
    render(<ErrorNotice error={TIMEOUT} title="This block could not be read" />);
    expect(within(screen.getByRole('alert')).getByText('This block could not be read: The node did not answer within 15 s.')).toBeTruthy();
  });

  it('shows the kind alone when there is no code or details, and a code of 0 as a code', () => {
    const { rerender } = render(<ErrorNotice error={{ name: 'InvalidBlockError', kind: 'invalidInput', shortMessage: '“12x” is not a block' }} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('“12x” is not a blockDetailsKindInput not acceptedErrorInvalidBlockError');
    rerender(<ErrorNotice error={{ name: 'RpcError', kind: 'refused', code: 0, shortMessage: 'Odd node.' }} />);
    expect(within(screen.getByRole('alert').querySelector('details')!).getByText('0')).toBeTruthy();
  });

  it('links to where the error is put right, and shows no link for a fix that is not an app route', () => {
    const missing: ApiError = { name: 'MissingApiKeyError', kind: 'credentials', code: 401, shortMessage: 'The service needs an API key.', fix: { label: 'Set the key', route: '/settings/keys' } };
    const { rerender } = renderWithApp(<ErrorNotice error={missing} />);
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Set the key' }).getAttribute('href')).toBe('/settings/keys');
    rerender(<ErrorNotice error={{ ...missing, fix: { label: 'Set the key', route: 'https://example.com/settings' } }} />);
    expect(within(screen.getByRole('alert')).queryByRole('link')).toBeNull();
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
            if (calls === 1) throw { name: 'KeychainUnavailableError', kind: 'refused', code: 'KEYCHAIN', shortMessage: 'No keychain answered.', details: 'Start a Secret Service, or run with a private keyring.', stack: 'not sent' };
            return info;
          },
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("The app's details could not be read: No keychain answered.")).toBeTruthy();
    expect(within(alert).getByText('Start a Secret Service, or run with a private keyring.')).toBeTruthy();
    expect(within(alert.querySelector('details')!).getByText('KeychainUnavailableError')).toBeTruthy();
    expect(within(alert.querySelector('details')!).getByText('KEYCHAIN')).toBeTruthy();
    // Only the plain error's fields cross; the rest of what was thrown stays behind.
    expect(alert.textContent).not.toContain('not sent');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Version 1.2.3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });
});
