import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogRangePlan, type LogPiece, type LogPieceFailure, type LogRangePlan, type ReleasedPiece } from './planLogRanges';

// A model chain: block b holds (b * 7919) % 4 logs, named `b:i`, so the expected logs of any range are known.
const logsOf = (piece: LogPiece): string[] => {
  const logs: string[] = [];
  for (let block = piece.from; block <= piece.to; block++) for (let i = 0; i < (block * 7919) % 4; i++) logs.push(`${block}:${i}`);
  return logs;
};

/** What the fake service does with one request: answer, or refuse in one of the service's ways. */
type Decision =
  | { kind: 'ok' }
  | { kind: 'tooManyResults'; hint: 'none' | 'useless' | 'inside' | 'shifted' | 'outside'; n: number }
  | { kind: 'timeout' }
  | { kind: 'tooLarge' }
  | { kind: 'unknownLimit' }
  | { kind: 'rangeTooLarge'; limit: number | undefined };

const decision: fc.Arbitrary<Decision> = fc.oneof(
  fc.constant({ kind: 'ok' as const }),
  fc.record({ kind: fc.constant('tooManyResults' as const), hint: fc.constantFrom('none' as const, 'useless' as const, 'inside' as const, 'shifted' as const, 'outside' as const), n: fc.nat() }),
  fc.constant({ kind: 'timeout' as const }),
  fc.constant({ kind: 'tooLarge' as const }),
  fc.constant({ kind: 'unknownLimit' as const }),
  fc.record({ kind: fc.constant('rangeTooLarge' as const), limit: fc.option(fc.integer({ min: -2, max: 400 }), { nil: undefined }) }),
);

/** The refusal a decision makes of `piece`: hints of every kind, from truthful to useless and off the piece. */
function refusal(piece: LogPiece, d: Exclude<Decision, { kind: 'ok' }>): LogPieceFailure {
  if (d.kind !== 'tooManyResults') return d;
  const width = piece.to - piece.from + 1;
  switch (d.hint) {
    case 'none':
      return { kind: 'tooManyResults' };
    case 'useless':
      return { kind: 'tooManyResults', suggested: { from: piece.from, to: piece.to } };
    case 'inside':
      return { kind: 'tooManyResults', suggested: { from: piece.from, to: piece.from + (d.n % width) } };
    case 'shifted':
      return { kind: 'tooManyResults', suggested: { from: piece.from + 1 + (d.n % width), to: piece.to } };
    case 'outside':
      return { kind: 'tooManyResults', suggested: { from: piece.from - 1 - (d.n % 5), to: piece.to + d.n } };
  }
}

/**
 * Runs a plan against a fake service with up to `concurrency` pieces in flight, answered in the order `picks`
 * says; `answer` decides each answer. Returns the released pieces and how many pieces were taken. Gives up after
 * `maxSteps` answers, so a plan that loops fails the property instead of hanging it.
 */
function drive(plan: LogRangePlan<string>, concurrency: number, picks: number[], answer: (piece: LogPiece, step: number) => Decision, maxSteps: number) {
  const inFlight: LogPiece[] = [];
  const released: ReleasedPiece<string>[] = [];
  let taken = 0;
  for (let step = 0; ; step++) {
    for (let piece = inFlight.length < concurrency ? plan.take() : undefined; piece; piece = inFlight.length < concurrency ? plan.take() : undefined) {
      inFlight.push(piece);
      taken += 1;
    }
    if (inFlight.length === 0) break;
    if (step >= maxSteps) throw new Error(`the plan did not end within ${maxSteps} answers`);
    const [piece] = inFlight.splice(picks[step % picks.length]! % inFlight.length, 1) as [LogPiece];
    const d = answer(piece, step);
    if (d.kind === 'ok') plan.succeed(piece, logsOf(piece));
    else plan.fail(piece, refusal(piece, d));
    for (const ready of plan.release()) released.push(ready);
  }
  return { released, taken };
}

/** Asserts the released pieces run from `from` without gap or overlap, in chain order, with the model's logs. */
function expectContiguous(released: ReleasedPiece<string>[], from: number, through: number) {
  let next = from;
  for (const { piece } of released) {
    if (piece.from !== next || piece.to < piece.from) expect.fail(`released ${piece.from} to ${piece.to} where block ${next} was next`);
    next = piece.to + 1;
  }
  expect(next - 1).toBe(through);
  const logs = released.flatMap((r) => r.logs);
  // Compared as one string: vitest's deep equality on thousands of items would dominate the run.
  expect(logs.join(' ')).toBe(through >= from ? logsOf({ from, to: through }).join(' ') : '');
  expect(new Set(logs).size).toBe(logs.length);
}

const range = fc.record({
  from: fc.integer({ min: 0, max: 2 ** 40 }),
  width: fc.integer({ min: 1, max: 2_000 }),
  maxBlocks: fc.integer({ min: 1, max: 700 }),
  firstBlocks: fc.option(fc.integer({ min: 1, max: 700 }), { nil: undefined }),
  adaptTo: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
  // Offsets from `from`: in order or not, overlapping or not, some past either end (the plan must skip those).
  whole: fc.array(fc.tuple(fc.integer({ min: -3, max: 2_010 }), fc.nat(400)), { maxLength: 8 }),
});
const service = fc.record({ decisions: fc.array(decision, { minLength: 1, maxLength: 40 }), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), concurrency: fc.integer({ min: 1, max: 4 }) });

describe('createLogRangePlan properties', () => {
  it('covers [from, to] exactly once in chain order with the chain\'s logs, whatever the service refuses, within 2n - 1 pieces', () => {
    fc.assert(
      fc.property(range, service, ({ from, width, maxBlocks, firstBlocks, adaptTo, whole }, { decisions, picks, concurrency }) => {
        const to = from + width - 1;
        const wholePieces = whole.map(([start, length]) => ({ from: from + start, to: from + start + length }));
        const plan = createLogRangePlan<string>(from, to, { maxBlocks, wholePieces, ...(firstBlocks ? { firstBlocks } : {}), ...(adaptTo ? { adaptTo } : {}) });
        // Single blocks always succeed, as a service does for any block that holds fewer logs than its limit.
        const { released, taken } = drive(plan, concurrency, picks, (piece, step) => (piece.from === piece.to ? { kind: 'ok' } : decisions[step % decisions.length]!), 2 * width);
        expect(plan.failed).toBeUndefined();
        expect(plan.done).toBe(true);
        expect(plan.blocksCovered).toBe(width);
        expect(plan.inFlight).toBe(0);
        expectContiguous(released, from, to);
        expect(taken).toBeLessThanOrEqual(2 * width - 1);
        expect(plan.splits).toBeLessThan(taken);
      }),
      { numRuns: 300 },
    );
  });

  it('ends with a failure naming the one block that is always refused, having released only blocks before it', () => {
    const refusing = fc.oneof(decision.filter((d) => d.kind === 'tooManyResults'), fc.constant({ kind: 'timeout' as const }));
    fc.assert(
      fc.property(range, service, fc.nat(), fc.array(refusing, { minLength: 1, maxLength: 10 }), ({ from, width, maxBlocks }, { decisions, picks, concurrency }, at, refusals) => {
        const to = from + width - 1;
        const poison = from + (at % width);
        const plan = createLogRangePlan<string>(from, to, { maxBlocks });
        const { released, taken } = drive(plan, concurrency, picks, (piece, step) => {
          if (piece.from <= poison && poison <= piece.to) return refusals[step % refusals.length]!;
          return piece.from === piece.to ? { kind: 'ok' } : decisions[step % decisions.length]!;
        }, 2 * width);
        expect(plan.failed?.block).toBe(poison);
        expect(plan.failed?.message).toContain(`Block ${poison} alone`);
        expect(plan.done).toBe(false);
        expect(plan.take()).toBeUndefined();
        expectContiguous(released, from, from + plan.blocksCovered - 1);
        expect(from + plan.blocksCovered).toBeLessThanOrEqual(poison);
        expect(taken).toBeLessThanOrEqual(2 * width - 1);
      }),
      { numRuns: 300 },
    );
  });
});

/** Takes every waiting piece as [from, to] pairs. */
const takeAll = (plan: LogRangePlan<unknown>) => {
  const pieces: LogPiece[] = [];
  for (let piece = plan.take(); piece; piece = plan.take()) pieces.push(piece);
  return pieces;
};
const pairs = (pieces: LogPiece[]) => pieces.map((p) => [p.from, p.to]);

describe('createLogRangePlan', () => {
  it('starts with pieces of the service\'s block limit, lowest first', () => {
    expect(pairs(takeAll(createLogRangePlan(0, 25_000)))).toEqual([
      [0, 9_999],
      [10_000, 19_999],
      [20_000, 25_000],
    ]);
  });

  it.each<[string, LogPieceFailure, number[][]]>([
    ['honours a narrower hint that starts at the piece, asking the rest as wide', { kind: 'tooManyResults', suggested: { from: 100, to: 129 } }, [[100, 129], [130, 159], [160, 189], [190, 199]]],
    ['cuts the rest after a narrow hint in 16 pieces at most', { kind: 'tooManyResults', suggested: { from: 100, to: 100 } }, [[100, 100], ...Array.from({ length: 14 }, (_, i) => [101 + 7 * i, 107 + 7 * i]), [199, 199]]],
    ['halves on a hint equal to the piece', { kind: 'tooManyResults', suggested: { from: 100, to: 199 } }, [[100, 149], [150, 199]]],
    ['halves on a hint that starts elsewhere', { kind: 'tooManyResults', suggested: { from: 101, to: 120 } }, [[100, 149], [150, 199]]],
    ['halves on a hint past the piece', { kind: 'tooManyResults', suggested: { from: 100, to: 250 } }, [[100, 149], [150, 199]]],
    ['halves without a hint', { kind: 'tooManyResults' }, [[100, 149], [150, 199]]],
    ['halves on a timeout', { kind: 'timeout' }, [[100, 149], [150, 199]]],
    ['cuts to the limit of a range too large', { kind: 'rangeTooLarge', limit: 30 }, [[100, 129], [130, 159], [160, 189], [190, 199]]],
    ['halves a range too large without a limit', { kind: 'rangeTooLarge' }, [[100, 149], [150, 199]]],
    ['halves a range too large whose limit is not narrower', { kind: 'rangeTooLarge', limit: 100 }, [[100, 149], [150, 199]]],
    ['halves an answer too large', { kind: 'tooLarge' }, [[100, 149], [150, 199]]],
    ['halves on a limit the node does not name', { kind: 'unknownLimit' }, [[100, 149], [150, 199]]],
  ])('%s', (_name, failure, expected) => {
    const plan = createLogRangePlan(100, 199);
    plan.fail(plan.take()!, failure);
    expect(pairs(takeAll(plan))).toEqual(expected);
    expect(plan.splits).toBe(1);
  });

  it('asks only the rest of a hinted piece as narrow as the hint; later pieces keep the full width', () => {
    const plan = createLogRangePlan(0, 249, { maxBlocks: 100 });
    plan.fail(plan.take()!, { kind: 'tooManyResults', suggested: { from: 0, to: 19 } });
    expect(pairs(takeAll(plan))).toEqual([[0, 19], [20, 39], [40, 59], [60, 79], [80, 99], [100, 199], [200, 249]]);
  });

  it('halves a piece cut to a hint when it is refused again, whatever its new hint says', () => {
    const plan = createLogRangePlan(0, 99);
    plan.fail(plan.take()!, { kind: 'tooManyResults', suggested: { from: 0, to: 89 } });
    plan.fail(plan.take()!, { kind: 'tooManyResults', suggested: { from: 0, to: 88 } });
    expect(pairs(takeAll(plan))).toEqual([[0, 44], [45, 89], [90, 99]]);
  });

  it('asks the first piece no wider than firstBlocks, and the rest as wide as maxBlocks', () => {
    expect(pairs(takeAll(createLogRangePlan(10, 259, { maxBlocks: 100, firstBlocks: 3 })))).toEqual([[10, 12], [13, 112], [113, 212], [213, 259]]);
    expect(pairs(takeAll(createLogRangePlan(0, 99, { maxBlocks: 40, firstBlocks: 500 })))).toEqual([[0, 39], [40, 79], [80, 99]]);
    expect(() => createLogRangePlan(0, 1, { firstBlocks: 0 })).toThrow(/firstBlocks/);
  });

  it('sizes later pieces to the density the last answered piece saw, growing at most twice its width, never past maxBlocks', () => {
    const plan = createLogRangePlan<number>(0, 199, { maxBlocks: 20, adaptTo: 10 });
    const answer = (logs: number) => {
      const piece = plan.take()!;
      plan.succeed(piece, Array.from({ length: logs }, (_, i) => i));
      return [piece.from, piece.to];
    };
    expect(answer(40)).toEqual([0, 19]); // 2 logs a block: 5 blocks hold 10
    expect(answer(0)).toEqual([20, 24]); // empty: twice as wide
    expect(answer(0)).toEqual([25, 34]);
    expect(answer(1)).toEqual([35, 54]); // sparse, but no wider than maxBlocks
    expect(answer(30)).toEqual([55, 74]); // 1.5 a block: 6 blocks
    expect(pairs(takeAll(plan)).slice(0, 2)).toEqual([[75, 80], [81, 86]]);
    expect(() => createLogRangePlan(0, 1, { adaptTo: 0 })).toThrow(/adaptTo/);
  });

  it('narrows later pieces after a refusal when adapting, to half the refused width', () => {
    const plan = createLogRangePlan(0, 99, { maxBlocks: 40, adaptTo: 10 });
    plan.fail(plan.take()!, { kind: 'timeout' });
    expect(pairs(takeAll(plan))).toEqual([[0, 19], [20, 39], [40, 59], [60, 79], [80, 99]]);
  });

  it('asks pieces known to fit whole, whatever their width, the first one still cut to firstBlocks, and the gaps as usual', () => {
    const plan = createLogRangePlan(0, 99, { maxBlocks: 10, firstBlocks: 3, wholePieces: [{ from: 0, to: 49 }, { from: 60, to: 99 }] });
    expect(pairs(takeAll(plan))).toEqual([[0, 2], [3, 49], [50, 59], [60, 99]]);
    // Pieces out of order, overlapping or outside the range are not taken as known.
    const odd = createLogRangePlan(10, 59, { maxBlocks: 100, wholePieces: [{ from: 5, to: 20 }, { from: 30, to: 39 }, { from: 35, to: 45 }, { from: 20, to: 25 }, { from: 50, to: 70 }] });
    expect(pairs(takeAll(odd))).toEqual([[10, 29], [30, 39], [40, 59]]);
  });

  it('keeps a lower block limit for the pieces it has not handed out yet, and tells the limit the node stated', () => {
    const plan = createLogRangePlan(0, 99, { maxBlocks: 50 });
    expect(plan.statedBlockLimit).toBeUndefined();
    plan.fail(plan.take()!, { kind: 'rangeTooLarge', limit: 20 });
    expect(plan.statedBlockLimit).toBe(20);
    expect(pairs(takeAll(plan))).toEqual([[0, 19], [20, 39], [40, 49], [50, 69], [70, 89], [90, 99]]);
  });

  it('asks later pieces at half the refused width when a range is too large and the node names no limit', () => {
    const plan = createLogRangePlan(0, 99, { maxBlocks: 40 });
    plan.fail(plan.take()!, { kind: 'rangeTooLarge' });
    expect(plan.statedBlockLimit).toBeUndefined();
    expect(pairs(takeAll(plan))).toEqual([[0, 19], [20, 39], [40, 59], [60, 79], [80, 99]]);
  });

  it('halves a piece cut to a hint when the node refuses it in another way (zkSync: the hint is too big an answer)', () => {
    const plan = createLogRangePlan(0, 99);
    plan.fail(plan.take()!, { kind: 'tooManyResults', suggested: { from: 0, to: 39 }, limit: 10_000 });
    plan.fail(plan.take()!, { kind: 'tooLarge' });
    expect(pairs(takeAll(plan))).toEqual([[0, 19], [20, 39], [40, 79], [80, 99]]);
  });

  it('names the limit only when the node did, and says an endpoint refusing one block over an unnamed limit may lack eth_getLogs', () => {
    const failOne = (failure: LogPieceFailure) => {
      const plan = createLogRangePlan(7, 7);
      plan.fail(plan.take()!, failure);
      return plan.failed?.message;
    };
    expect(failOne({ kind: 'tooManyResults' })).toMatchInlineSnapshot(`"Block 7 alone holds more logs than the node returns in one answer; narrow the query with addresses or topics."`);
    expect(failOne({ kind: 'tooLarge' })).toMatchInlineSnapshot(`"Block 7 alone has a larger answer than the node sends at once; narrow the query with addresses or topics."`);
    expect(failOne({ kind: 'unknownLimit' })).toMatchInlineSnapshot(`"The node refuses eth_getLogs even for block 7 alone, over a limit it does not name: this endpoint may not offer eth_getLogs (public BNB Chain endpoints have it turned off). Run the query on another endpoint for this chain."`);
  });

  it('releases completed pieces once each, in chain order, only when nothing before them is missing', () => {
    const plan = createLogRangePlan<string>(0, 29, { maxBlocks: 10 });
    const [a, b, c] = takeAll(plan) as [LogPiece, LogPiece, LogPiece];
    plan.succeed(c, ['c']);
    plan.succeed(b, ['b']);
    expect(plan.release()).toEqual([]);
    plan.succeed(a, ['a']);
    expect(plan.release().map((r) => r.logs)).toEqual([['a'], ['b'], ['c']]);
    expect(plan.release()).toEqual([]);
    expect([plan.blocksCovered, plan.done]).toEqual([30, true]);
  });

  it('ends, naming the block, when one block alone is refused; nothing more is handed out', () => {
    const tooMany = createLogRangePlan(1234, 1234);
    tooMany.fail(tooMany.take()!, { kind: 'tooManyResults', suggested: { from: 1234, to: 1234 }, limit: 10_000 });
    expect(tooMany.take()).toBeUndefined();
    expect(tooMany.failed).toMatchInlineSnapshot(`
      {
        "block": 1234,
        "kind": "tooManyResults",
        "message": "Block 1234 alone holds more logs than the service returns in one answer (10,000); narrow the query with addresses or topics.",
      }
    `);
    const slow = createLogRangePlan(7, 8);
    slow.fail(slow.take()!, { kind: 'timeout' });
    slow.fail(slow.take()!, { kind: 'timeout' });
    expect(slow.failed?.message).toMatchInlineSnapshot(`"Block 7 alone takes longer to search than the service's time limit (10 s); narrow the query with addresses or topics."`);
    expect(slow.take()).toBeUndefined();
  });

  it('refuses a backwards range and answers about pieces it did not hand out', () => {
    expect(() => createLogRangePlan(5, 4)).toThrow(RangeError);
    expect(() => createLogRangePlan(0, 1, { maxBlocks: 0 })).toThrow(RangeError);
    const plan = createLogRangePlan(0, 9);
    const piece = plan.take()!;
    expect(() => plan.succeed({ from: 0, to: 9 }, [])).toThrow(/not a piece this plan handed out/);
    plan.succeed(piece, []);
    expect(() => plan.succeed(piece, [])).toThrow(/answered already/);
  });
});

describe('a node that no longer keeps some blocks', () => {
  /** A node keeping the blocks of `kept` (sorted, disjoint): any piece reaching outside them is refused, naming them. */
  const run = (from: number, to: number, kept: LogPiece[], maxBlocks: number) => {
    const plan = createLogRangePlan<string>(from, to, { maxBlocks });
    const released: ReleasedPiece<string>[] = [];
    for (let steps = 0; steps < 10_000; steps++) {
      const piece = plan.take();
      if (!piece) break;
      let inside = true;
      for (let block = piece.from; block <= piece.to && inside; block++) inside = kept.some((range) => range.from <= block && block <= range.to);
      if (inside) plan.succeed(piece, logsOf(piece));
      else plan.fail(piece, { kind: 'dropped', kept });
      released.push(...plan.release());
    }
    return { plan, released };
  };

  it('asks the kept blocks, passes over the others with no logs, and lists them', () => {
    fc.assert(
      fc.property(fc.nat(300), fc.nat(300), fc.nat(300), fc.nat(300), fc.integer({ min: 1, max: 120 }), (a, b, c, width, maxBlocks) => {
        // Kept: [0, a] and [a + 1 + b, ∞): the seeded blocks, a gap of b blocks, the latest ones.
        const seededTo = a;
        const floor = a + 1 + b;
        const kept = [{ from: 0, to: seededTo }, { from: floor, to: Number.MAX_SAFE_INTEGER }];
        const from = c;
        const to = c + width;
        const { plan, released } = run(from, to, kept, maxBlocks);
        expect(plan.done).toBe(true);
        expect(plan.failed).toBeUndefined();
        const gap = { from: Math.max(from, seededTo + 1), to: Math.min(to, floor - 1) };
        expect(plan.dropped).toEqual(gap.from <= gap.to ? [gap] : []);
        const isDropped = (block: number) => block >= gap.from && block <= gap.to;
        const expected: string[] = [];
        for (let block = from; block <= to; block++) if (!isDropped(block)) expected.push(...logsOf({ from: block, to: block }));
        expect(released.flatMap((piece) => piece.logs)).toEqual(expected);
        expect(released.map((piece) => piece.piece.from)).toEqual([...released.map((piece) => piece.piece.from)].sort((x, y) => x - y));
      }),
      { numRuns: 300 },
    );
  });

  it('ends with the block when the node refuses blocks it says it keeps', () => {
    const { plan } = run(10, 20, [{ from: 0, to: 5 }], 100);
    // 6..20 are passed over; then nothing is refused that it keeps: the plan ends whole.
    expect(plan.dropped).toEqual([{ from: 10, to: 20 }]);
    const liar = createLogRangePlan<string>(0, 9, { maxBlocks: 100 });
    const piece = liar.take()!;
    liar.fail(piece, { kind: 'dropped', kept: [{ from: 0, to: 100 }] });
    expect(liar.failed).toMatchObject({ block: 0, kind: 'dropped' });
  });
});
