import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CongestionGauge } from './CongestionGauge';
import { GAS_TERMS } from './gasTerms';

describe('the congestion gauge', () => {
  it('is named Congestion, on screen and for assistive technology, with its figure and word', () => {
    render(<CongestionGauge rank={0.58} />);
    expect(screen.getByRole('figure', { name: 'Congestion: 58%, Normal' })).toBeTruthy();
    const name = screen.getByText('Congestion');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(GAS_TERMS.congestion);
    expect(name.tabIndex).toBe(0);
    expect(screen.getByTestId('congestion').textContent).toBe('58%');
    expect(screen.getByText('Normal')).toBeTruthy();
  });
});
