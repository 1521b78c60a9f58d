import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from './AfterFirstPaint';
import { KeepAlive, useDrawnAhead } from './KeepAlive';

/** What a part did: its renders (as each was drawn: ahead, past its first paint) and its effects running now. */
interface Trail {
  renders: string[];
  running: number;
  drew: (what: string) => void;
  started: () => void;
  stopped: () => void;
}

/** A part with state a person gave it, an effect that counts itself running, and what it drew. */
function Part({ trail }: { trail: Trail }) {
  const [text, setText] = useState('');
  const ahead = useDrawnAhead();
  const below = useAfterFirstPaint();
  trail.drew(`ahead=${ahead} below=${below}`);
  useEffect(() => {
    trail.started();
    return trail.stopped;
  }, [trail]);
  return (
    <section aria-label="kept part">
      <input aria-label="note" value={text} onChange={(event) => setText(event.target.value)} />
    </section>
  );
}

/** A screen that keeps one part (one element, as the explorer keeps its home) and shows another page beside it. */
function Screen({ shown, ahead, part }: { shown: boolean; ahead?: boolean; part: ReactNode }) {
  return (
    <main data-testid="main">
      <KeepAlive shown={shown} ahead={ahead}>
        {part}
      </KeepAlive>
      {shown ? null : <p>another page</p>}
    </main>
  );
}

function newTrail(): Trail {
  const trail: Trail = {
    renders: [],
    running: 0,
    drew: (what) => void trail.renders.push(what),
    started: () => void (trail.running += 1),
    stopped: () => void (trail.running -= 1),
  };
  return trail;
}

describe('KeepAlive', () => {
  it('keeps its part drawn and live, with its state, outside the page while not shown; shown again, it is put back', async () => {
    const trail = newTrail();
    const part = <Part trail={trail} />;
    const { rerender } = render(<Screen shown part={part} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'note' }), 'a half-typed hash');
    expect(screen.getByTestId('main').contains(screen.getByRole('region', { name: 'kept part' }))).toBe(true);
    expect(trail.running).toBe(1);

    const drawn = trail.renders.length;
    rerender(<Screen shown={false} part={part} />);
    expect(screen.queryByRole('region', { name: 'kept part' })).toBeNull();
    expect(screen.queryByRole('textbox', { hidden: true })).toBeNull(); // not in the page at all, not merely hidden
    expect(trail.running).toBe(1); // still mounted: its feeds and timers keep it current

    rerender(<Screen shown part={part} />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'note' }).value).toBe('a half-typed hash');
    expect(screen.getByTestId('main').firstElementChild?.contains(screen.getByRole('region', { name: 'kept part' }))).toBe(true);
    expect(trail.running).toBe(1);
    expect(trail.renders.length).toBe(drawn); // put away and back, never drawn again
  });

  it('draws nothing before it is first shown, unless asked to draw ahead; drawn ahead, its part is whole at once', async () => {
    const trail = newTrail();
    const part = <Part trail={trail} />;
    const { rerender } = render(<Screen shown={false} part={part} />);
    expect(trail.renders).toEqual([]);

    rerender(<Screen shown={false} ahead part={part} />);
    // Drawn ahead as a transition: let it run.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(trail.renders.length).toBeGreaterThan(0);
    expect(new Set(trail.renders)).toEqual(new Set(['ahead=true below=true']));
    expect(trail.running).toBe(1);
    expect(screen.queryByRole('region', { name: 'kept part' })).toBeNull();

    const drawn = trail.renders.length;
    rerender(<Screen shown ahead part={part} />);
    expect(screen.getByRole('region', { name: 'kept part' })).toBeTruthy();
    expect(trail.renders.length).toBe(drawn);
  });

  it('drawn first where it is shown, keeps its first frame light as any part does; gone, its effects end', () => {
    const trail = newTrail();
    const { unmount } = render(<Screen shown part={<Part trail={trail} />} />);
    expect(trail.renders[0]).toBe('ahead=false below=false');
    unmount();
    expect(trail.running).toBe(0);
  });
});
