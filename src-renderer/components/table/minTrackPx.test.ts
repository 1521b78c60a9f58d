import { describe, expect, it } from 'vitest';
import { minTrackPx } from './DataTable';

describe('a column track’s least width', () => {
  it.each([
    ['120px', 120],
    ['minmax(160px, 2fr)', 160],
    ['minmax( 90.5px , 1fr)', 90.5],
    ['1fr', 0],
    ['auto', 0],
  ])('%s is %d px', (width, px) => expect(minTrackPx(width)).toBe(px));
});
