import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from './AfterFirstPaint';

describe('AfterFirstPaint', () => {
  it('leaves its children out of the first render, and draws them once the frame is painted', async () => {
    render(
      <>
        <h1>In view</h1>
        <AfterFirstPaint>
          <p>Below the fold</p>
        </AfterFirstPaint>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'In view' })).toBeTruthy();
    expect(screen.queryByText('Below the fold')).toBeNull();
    expect(await screen.findByText('Below the fold')).toBeTruthy();
  });
});
