import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HexValue } from './HexValue';

const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

describe('HexValue', () => {
  it('shows the whole value, with the whole value in its tooltip', () => {
    render(<HexValue value={CID} label="CID" />);
    const text = screen.getByTitle(CID);
    expect(text.textContent).toBe(CID);
  });

  it('keeps the last six characters apart, so a narrow value is cut once, in the middle, and still ends as it ends', () => {
    const { container } = render(<HexValue value={CID} label="CID" />);
    expect(container.querySelector('.middle-cut-head')?.textContent).toBe(CID.slice(0, -6));
    expect(container.querySelector('.middle-cut-tail')?.textContent).toBe('5fbzdi');
  });

  it('copies the whole value with its copy button, named by its label', async () => {
    const user = userEvent.setup();
    render(<HexValue value={CID} label="CID" />);
    await user.click(screen.getByRole('button', { name: 'Copy CID' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(CID);
    await screen.findByRole('button', { name: 'Copied CID' });
  });

  it('has no copy button when copy is off', () => {
    render(<HexValue value="0x01" label="data" copy={false} />);
    expect(screen.getByText('0x01')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
