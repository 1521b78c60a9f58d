import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Gwei } from './Gwei';

describe('a gwei figure', () => {
  it('shows four significant digits and the exact figure on hover', () => {
    render(<Gwei gwei="12.760238385" unit />);
    const figure = screen.getByText('12.76 gwei');
    expect(figure.title).toBe('12.760238385 gwei exactly');
    expect(figure.dataset.exact).toBe('12.760238385');
  });

  it('copies the exact figure when the shown one is selected and copied', () => {
    render(<Gwei gwei="0.000012345" />);
    const figure = screen.getByText('0.00001235');
    document.getSelection()!.selectAllChildren(figure);
    const copied = new Map<string, string>();
    const event = fireEvent.copy(figure, { clipboardData: { setData: (type: string, value: string) => copied.set(type, value) } });
    expect(copied.get('text/plain')).toBe('0.000012345');
    expect(event).toBe(false); // the browser's own copy of the shown digits is replaced
  });
});
