import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rateLimiter';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createRateLimiter', () => {
  it('allows a burst, then refuses with the rate report', () => {
    const c = clock();
    const limiter = createRateLimiter({ requestsPerSecond: 10, burst: 20 }, c.now);
    for (let i = 0; i < 20; i++) expect(limiter.take('k', 1)).toEqual({ allowed: true });
    expect(limiter.take('k', 1)).toMatchInlineSnapshot(`
      {
        "allowed": false,
        "allowedRps": 10,
        "backoffSeconds": 1,
        "currentRps": 21,
      }
    `);
  });

  it('refills at the configured rate', () => {
    const c = clock();
    const limiter = createRateLimiter({ requestsPerSecond: 10, burst: 10 }, c.now);
    expect(limiter.take('k', 10).allowed).toBe(true);
    expect(limiter.take('k', 1).allowed).toBe(false);
    c.advance(100);
    expect(limiter.take('k', 1).allowed).toBe(true);
    expect(limiter.take('k', 1).allowed).toBe(false);
  });

  it('charges a batch its item count, all or nothing', () => {
    const c = clock();
    const limiter = createRateLimiter({ requestsPerSecond: 5, burst: 10 }, c.now);
    expect(limiter.take('k', 8).allowed).toBe(true);
    const refused = limiter.take('k', 8);
    expect(refused).toMatchObject({ allowed: false, backoffSeconds: 2 });
    expect(limiter.take('k', 2).allowed).toBe(true);
  });

  it('keeps a separate bucket per key', () => {
    const c = clock();
    const limiter = createRateLimiter({ requestsPerSecond: 1, burst: 1 }, c.now);
    expect(limiter.take('a', 1).allowed).toBe(true);
    expect(limiter.take('a', 1).allowed).toBe(false);
    expect(limiter.take('b', 1).allowed).toBe(true);
  });

  it('reports a trailing-second rate that decays', () => {
    const c = clock();
    const limiter = createRateLimiter({ requestsPerSecond: 1, burst: 1 }, c.now);
    for (let i = 0; i < 10; i++) limiter.take('k', 1);
    c.advance(1500);
    limiter.take('k', 1);
    const decision = limiter.take('k', 1);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.currentRps).toBeCloseTo(10 * 0.5 + 2, 5);
  });
});
