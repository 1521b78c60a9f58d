import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIntlReady } from './intlReady';

function Probe({ id }: { id: string }) {
  return <output data-testid={id}>{useIntlReady() ? 'ready' : 'waiting'}</output>;
}

describe('Intl loaded when the window is idle', () => {
  it('is not in the first frame of the first page, then is, and is at once for every later component', async () => {
    render(<Probe id="first" />);
    expect(screen.getByTestId('first').textContent).toBe('waiting');
    expect((await screen.findByText('ready')).dataset.testid).toBe('first');
    await act(async () => void render(<Probe id="later" />));
    expect(screen.getByTestId('later').textContent).toBe('ready');
  });
});
