import { describe, expect, it } from 'vitest';
import { countMet, formatNumber, formatRatio, isMet, joinSections, ratioOf, renderReport, targetText, verdict, type Figure, type RunInfo, type Target } from './report';

const run: RunInfo = {
  cpu: 'Test CPU @ 2.0GHz',
  cores: 2,
  memoryBytes: 8 * 1024 ** 3,
  os: 'Debian GNU/Linux 12 (bookworm)',
  kernel: '6.1.0-test',
  node: 'v20.19.0',
  startedAt: '2025-01-02T03:04:05.000Z',
  durationSeconds: 754,
  commit: 'abc1234',
  dirty: false,
  commitAtEnd: 'abc1234',
  loadAverage: { start: 0.5, end: 1.25 },
  quick: false,
};

const save = (appSeconds: number): Figure => ({
  section: 'Content browser: save',
  what: "the app's save",
  value: appSeconds,
  unit: 's',
  digits: 3,
  reference: { what: 'curl, store to disk', value: 1 },
  target: { kind: 'ratioAtMost', limit: 1.2 },
});
/** A figure of 1 ms beside a reference of 1 ms, with the given target. */
const judgedBy = (target: Target): Figure => ({ section: 's', what: 'w', value: 1, unit: 'ms', reference: { what: 'r', value: 1 }, target });
const seed = (seconds: number): Figure => ({ section: 'Sandbox', what: 'fresh start to ready', value: seconds, unit: 's', digits: 1, target: { kind: 'below', limit: 60 } });

/** The table row of the report that starts with `what`, as its cells. */
function rowOf(markdown: string, what: string): string[] {
  const line = markdown.split('\n').find((text) => text.startsWith(`| ${what} |`));
  if (!line) throw new Error(`no row for ${what} in:\n${markdown}`);
  return line.slice(2, -2).split(' | ');
}

describe('isMet', () => {
  it('judges each kind of target from the figure and its reference', () => {
    expect(isMet(seed(59.9))).toBe(true);
    expect(isMet(seed(60))).toBe(false);
    expect(isMet(save(1.2))).toBe(true);
    expect(isMet(save(1.21))).toBe(false);
    const throughput = (value: number): Figure => ({ section: 'g', what: 't', value, unit: 'req/s', reference: { what: 'Anvil', value: 1000 }, target: { kind: 'ratioAtLeast', limit: 0.85 } });
    expect(isMet(throughput(850))).toBe(true);
    expect(isMet(throughput(849))).toBe(false);
    const added = (value: number): Figure => ({ section: 'g', what: 'p50', value, unit: 'ms', reference: { what: 'Anvil', value: 0.2 }, target: { kind: 'addsBelow', limit: 1 } });
    expect(isMet(added(1.1))).toBe(true);
    expect(isMet(added(1.2))).toBe(false);
    // A soak: 100 MiB after warm-up may end at 100 × 1.25 + 50 = 175 MiB, not above.
    const soaked = (value: number, warm = 100): Figure => ({ section: 'Soak', what: 'main', value, unit: 'MiB', reference: { what: 'after warm-up', value: warm }, target: { kind: 'growsAtMost', limit: 0.25, plus: 50 } });
    expect(isMet(soaked(175))).toBe(true);
    expect(isMet(soaked(175.1))).toBe(false);
    expect(isMet(soaked(40))).toBe(true);
    expect(isMet(soaked(100, Number.NaN))).toBe(false);
  });

  it('has no verdict without a target, and never meets one with a figure that was not measured', () => {
    expect(isMet({ section: 's', what: 'w', value: 3, unit: 'ms' })).toBeUndefined();
    expect(isMet(seed(Number.NaN))).toBe(false);
    expect(isMet(save(Number.NaN))).toBe(false);
    expect(isMet({ ...save(1), reference: { what: 'curl', value: 0 } })).toBe(false);
  });

  it('does not let a target on a ratio go without a reference (a type error), and would not meet it', () => {
    // @ts-expect-error: a ratio target needs a reference
    const orphan: Figure = { section: 's', what: 'w', value: 1, unit: 'ms', target: { kind: 'ratioAtMost', limit: 2 } };
    expect(isMet(orphan)).toBe(false);
  });
});

describe('formatting', () => {
  it('prints ratios with two decimals, three under 0.1, and n/a when there is none', () => {
    expect(formatRatio(1.23456)).toBe('1.23x');
    expect(formatRatio(0.85)).toBe('0.85x');
    expect(formatRatio(0.0456)).toBe('0.046x');
    expect(formatRatio(Number.NaN)).toBe('n/a');
    expect(ratioOf(save(1.5))).toBe(1.5);
    expect(ratioOf(seed(3))).toBeUndefined();
  });

  it('prints numbers with decimals by their size unless told, with thousands separators', () => {
    expect(formatNumber(12345.6)).toBe('12,346');
    expect(formatNumber(42.123)).toBe('42.1');
    expect(formatNumber(1.5)).toBe('1.50');
    expect(formatNumber(0.1234)).toBe('0.123');
    expect(formatNumber(0.1234, 1)).toBe('0.1');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('n/a');
  });

  it('says each target in words built from its limit', () => {
    expect(targetText(seed(1))).toBe('< 60 s');
    expect(targetText(save(1))).toBe('≤ 1.2x');
    expect(targetText(judgedBy({ kind: 'ratioAtMost', limit: 0.5, says: 'cast takes at least 2x as long' }))).toBe('≤ 0.5x (cast takes at least 2x as long)');
    expect(targetText(judgedBy({ kind: 'ratioAtLeast', limit: 0.85 }))).toBe('≥ 0.85x');
    expect(targetText(judgedBy({ kind: 'addsBelow', limit: 0.5 }))).toBe('adds < 0.5 ms');
    expect(targetText(judgedBy({ kind: 'growsAtMost', limit: 0.25, plus: 50 }))).toBe('grows ≤ 25% + 50 ms');
    expect(targetText({ section: 's', what: 'w', value: 1, unit: 'ms' })).toBe('—');
    expect(verdict(save(1.5))).toBe('target ≤ 1.2x: MISSED');
    expect(verdict(seed(10))).toBe('target < 60 s: met');
  });
});

describe('renderReport', () => {
  it('says it is written by npm run bench and not to be edited, and describes the machine and the run', () => {
    const markdown = renderReport(run, [seed(10)]);
    expect(markdown).toMatch(/written by `npm run bench`; do not edit by hand/i);
    const machine = markdown.slice(markdown.indexOf('## Machine and run'), markdown.indexOf('## Sandbox'));
    for (const fact of ['Test CPU @ 2.0GHz, 2 cores', '8.0 GiB', 'Debian GNU/Linux 12 (bookworm), kernel 6.1.0-test', 'v20.19.0', '2025-01-02T03:04:05.000Z', '12 min 34 s', '0.50 at the start, 1.25 at the end', 'abc1234', 'full']) {
      expect(machine).toContain(fact);
    }
    expect(machine).not.toMatch(/uncommitted|by the end/);
    expect(renderReport({ ...run, dirty: true }, [])).toContain('abc1234 (with uncommitted changes');
    expect(renderReport({ ...run, commitAtEnd: 'def5678' }, [])).toContain('Commit: abc1234; HEAD was def5678 by the end of the run');
  });

  it('marks a quick run as quick', () => {
    expect(renderReport({ ...run, quick: true }, [seed(10)])).toMatch(/Mode: \*\*quick\*\*/);
    expect(renderReport(run, [seed(10)])).not.toMatch(/quick/i);
  });

  it('renders a missed target as not met, names it at the top, and counts it', () => {
    const markdown = renderReport(run, [seed(10), save(1.5)]);
    expect(rowOf(markdown, "the app's save")).toEqual(["the app's save", '1.500 s', 'curl, store to disk: 1.000 s', '1.50x', '≤ 1.2x', '**no**']);
    expect(rowOf(markdown, 'fresh start to ready')).toEqual(['fresh start to ready', '10.0 s', '—', '—', '< 60 s', 'yes']);
    expect(markdown).toContain("**1 of 2 targets met.** Missed:\n\n- Content browser: save: the app's save: 1.500 s (1.50x curl, store to disk), target ≤ 1.2x\n");
    expect(renderReport(run, [seed(10)])).toMatch(/\*\*1 of 1 targets met\.\*\*\n\n## Machine/);
    expect(countMet([seed(10), save(1.5), { section: 's', what: 'context', value: 1, unit: 'ms' }])).toEqual({ met: 1, targets: 2 });
  });

  it('shows a figure without a target with dashes, and one not measured as n/a and not met', () => {
    const markdown = renderReport(run, [{ section: 'Gas API', what: 'cached p50', value: 0.4567, unit: 'ms', digits: 3 }, { ...save(Number.NaN), what: 'not measured' }]);
    expect(rowOf(markdown, 'cached p50')).toEqual(['cached p50', '0.457 ms', '—', '—', '—', '—']);
    expect(rowOf(markdown, 'not measured').slice(1, 4)).toEqual(['n/a s', 'curl, store to disk: 1.000 s', 'n/a']);
    expect(rowOf(markdown, 'not measured')[5]).toBe('**no**');
  });

  it('makes one table per section in the order the sections ran, and escapes pipes in cells', () => {
    const markdown = renderReport(run, [save(1), seed(1), { ...seed(2), what: 'a | b' }]);
    const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(['Machine and run', 'Content browser: save', 'Sandbox']);
    expect(markdown.match(/^\| what \| result \| reference \(measured in this run\) \| ratio \| target \| met \|$/gm)).toHaveLength(2);
    expect(markdown).toContain('| a \\| b |');
  });

  it('lists the sections that did not run, and why', () => {
    const markdown = renderReport(run, [seed(1)], [{ section: 'Log queries', why: 'no keychain' }]);
    expect(markdown).toContain('## Not run\n\n- Log queries: no keychain');
  });
});

describe('joinSections', () => {
  it('keeps every figure in order and puts a blank line between the parts', () => {
    const joined = joinSections([
      { figures: [seed(1)], lines: ['a'] },
      { figures: [save(1)], lines: ['b', 'c'] },
    ]);
    expect(joined.figures.map((figure) => figure.section)).toEqual(['Sandbox', 'Content browser: save']);
    expect(joined.lines).toEqual(['a', '', 'b', 'c']);
  });
});
