import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from './AfterFirstPaint';

describe('AfterFirstPaint', () => {
  it('leaves its children out of the first render, and draws them once the frame is painted', async () => {
    const { container } = render(
      <>
        <h1>In view</h1>
        <AfterFirstPaint minHeight={240}>
          <p>Below the fold</p>
        </AfterFirstPaint>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'In view' })).toBeTruthy();
    expect(screen.queryByText('Below the fold')).toBeNull();
    expect((container.querySelector('[aria-hidden="true"]') as HTMLElement).style.minHeight, 'the room the children will take is kept').toBe('240px');
    expect(await screen.findByText('Below the fold')).toBeTruthy();
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
  });
});
