import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InfoList } from '../../../components/InfoList';
import { NonceRow } from './NonceRow';

const renderRow = (nonce: string, isContract: boolean) =>
  render(
    <InfoList label="Address overview">
      <NonceRow nonce={nonce} isContract={isContract} />
    </InfoList>,
  );

describe('NonceRow', () => {
  it('calls an account’s nonce the transactions it sent', () => {
    const { container } = renderRow('0x2a', false);
    expect(screen.getByText('Nonce (transactions sent)')).toBeTruthy();
    expect(container.querySelector('dd')?.textContent).toBe('42');
  });

  it('calls a contract’s nonce the contracts it created, and says why it starts at 1', () => {
    const { container } = renderRow('0x1', true);
    expect(screen.getByText('Nonce (contracts created)')).toBeTruthy();
    expect(screen.queryByText(/transactions sent/)).toBeNull();
    expect(container.querySelector('dd')?.textContent).toMatch(/^1 · 0 contracts created/);
    expect(screen.getByText('A contract sends no transactions; its nonce starts at 1 and goes up by one for each contract it creates.')).toBeTruthy();
  });

  it('counts one created contract in the singular', () => {
    const { container } = renderRow('0x2', true);
    expect(container.querySelector('dd')?.textContent).toMatch(/^2 · 1 contract created(?!s)/);
  });
});
