// The benchmarks' one shape of result, and the report `npm run bench` writes from it (bench/RESULTS.md).
// Pure: data in, text out. Whether a target is met is decided here, from the figure and its target,
// so the verdict printed to the console and the one in the report cannot disagree.

/** A figure measured in the same run that another is judged against (Anvil directly, curl, the disk...). */
export interface Reference {
  /** What was measured, e.g. "Anvil directly". */
  what: string;
  /** In the unit of the figure it stands beside. */
  value: number;
}

/**
 * A target, kept as data so that its words and its check come from the same numbers:
 * - `below`: the figure itself under `limit` (in the figure's unit);
 * - `addsBelow`: the figure minus its reference under `limit` (the cost added on top of the reference);
 * - `ratioAtMost` / `ratioAtLeast`: figure ÷ reference at most / at least `limit`;
 * - `growsAtMost`: the figure at most its reference grown by the fraction `limit` plus `plus` (in the figure's unit),
 *   e.g. a soak's memory at the end within 25% + 50 MiB of its value after warm-up (`limit` 0.25, `plus` 50).
 * `says` is an optional gloss in words, e.g. "cast takes at least 2x as long".
 */
export type Target =
  | { kind: 'below'; limit: number; says?: string }
  | { kind: 'addsBelow'; limit: number; says?: string }
  | { kind: 'ratioAtMost'; limit: number; says?: string }
  | { kind: 'ratioAtLeast'; limit: number; says?: string }
  | { kind: 'growsAtMost'; limit: number; plus: number; says?: string };

interface FigureBase {
  /** The report's table it goes in, e.g. "Gateway vs Anvil". */
  section: string;
  what: string;
  /** NaN when it could not be measured (it then never meets a target). */
  value: number;
  /** e.g. "ms", "s", "MB", "MB/s", "req/s". */
  unit: string;
  /** Decimals to print; by default chosen from the size of the number. */
  digits?: number;
}

/** One measured figure: with its same-run reference where it has one, and its target where it has one. */
export type Figure =
  | (FigureBase & { reference?: Reference; target?: { kind: 'below'; limit: number; says?: string } })
  | (FigureBase & { reference: Reference; target?: Target });

/** What a benchmark section hands back: its figures, and the lines it prints (made from the same figures). */
export interface SectionResult {
  figures: Figure[];
  lines: string[];
}

/** Several parts as one result: their figures in order, their lines with a blank line between parts. */
export function joinSections(parts: SectionResult[]): SectionResult {
  return {
    figures: parts.flatMap((part) => part.figures),
    lines: parts.flatMap((part, i) => (i === 0 ? part.lines : ['', ...part.lines])),
  };
}

/** The machine and the run, for the report's head. */
export interface RunInfo {
  cpu: string;
  cores: number;
  memoryBytes: number;
  os: string;
  kernel: string;
  node: string;
  /** When the run started, ISO 8601. */
  startedAt: string;
  durationSeconds: number;
  /** Short hash of HEAD when the run started, and whether tracked files had changes besides it. */
  commit: string;
  dirty: boolean;
  /** HEAD when the run ended: others may commit in the same checkout while a long run goes on. */
  commitAtEnd: string;
  /** The 1-minute load average when the run started and when it ended: the machine may be shared. */
  loadAverage: { start: number; end: number };
  quick: boolean;
}

/** A section that did not run, with why (it is named in the report so its absence is not silent). */
export interface Skipped {
  section: string;
  why: string;
}

/** figure ÷ reference; undefined without a reference, or when the reference is 0 (no ratio to speak of). */
export function ratioOf(figure: Figure): number | undefined {
  return figure.reference && figure.reference.value !== 0 ? figure.value / figure.reference.value : undefined;
}

/** Whether the figure meets its target; undefined when it has none. NaN (not measured) never meets one. */
export function isMet(figure: Figure): boolean | undefined {
  const target = figure.target;
  if (!target) return undefined;
  const ratio = ratioOf(figure);
  switch (target.kind) {
    case 'below':
      return figure.value < target.limit;
    case 'addsBelow':
      return figure.reference !== undefined && figure.value - figure.reference.value < target.limit;
    case 'ratioAtMost':
      return ratio !== undefined && ratio <= target.limit;
    case 'ratioAtLeast':
      return ratio !== undefined && ratio >= target.limit;
    case 'growsAtMost':
      return figure.reference !== undefined && Number.isFinite(figure.reference.value) && figure.value <= figure.reference.value * (1 + target.limit) + target.plus;
  }
}

/** The target in words, e.g. "< 60 s", "≤ 1.2x", "adds < 1 ms"; "—" for none. */
export function targetText(figure: Figure): string {
  const target = figure.target;
  if (!target) return '—';
  const limit = target.limit.toLocaleString('en-US', { maximumFractionDigits: 3 });
  const words =
    target.kind === 'growsAtMost'
      ? `grows ≤ ${(target.limit * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}% + ${target.plus.toLocaleString('en-US', { maximumFractionDigits: 3 })} ${figure.unit}`
      : {
          below: `< ${limit} ${figure.unit}`,
          addsBelow: `adds < ${limit} ${figure.unit}`,
          ratioAtMost: `≤ ${limit}x`,
          ratioAtLeast: `≥ ${limit}x`,
        }[target.kind];
  return target.says ? `${words} (${target.says})` : words;
}

/** `target <words>: met|MISSED`, for the console lines; empty for a figure without a target. */
export function verdict(figure: Figure): string {
  const met = isMet(figure);
  return met === undefined ? '' : `target ${targetText(figure)}: ${met ? 'met' : 'MISSED'}`;
}

/** A number with the given decimals, or as many as its size calls for (3 below 1, 0 from 100); "n/a" when not finite. */
export function formatNumber(value: number, digits?: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const size = Math.abs(value);
  const decimals = digits ?? (size >= 100 ? 0 : size >= 10 ? 1 : size >= 1 || size === 0 ? 2 : 3);
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A ratio as "1.23x" (three decimals under 0.1). */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'n/a';
  return `${ratio.toFixed(Math.abs(ratio) < 0.1 && ratio !== 0 ? 3 : 2)}x`;
}

/** How many of the figures with a target met it. */
export function countMet(figures: Figure[]): { met: number; targets: number } {
  const verdicts = figures.map(isMet).filter((met) => met !== undefined);
  return { met: verdicts.filter(Boolean).length, targets: verdicts.length };
}

/** The whole of bench/RESULTS.md: the machine, then one table per section in the order they ran. */
export function renderReport(run: RunInfo, figures: Figure[], skipped: Skipped[] = []): string {
  const { met, targets } = countMet(figures);
  const missed = figures.filter((figure) => isMet(figure) === false);
  const gib = run.memoryBytes / 1024 ** 3;
  const out = [
    '# Benchmark results',
    '',
    '<!-- Written by `npm run bench` (bench/run.ts, bench/report.ts). Do not edit by hand: run the benchmarks again. -->',
    '',
    'Written by `npm run bench`; do not edit by hand. Every figure was measured in this one run, on this machine,',
    'beside its reference measured in the same run; ratio = result ÷ reference.',
    '',
    `**${met} of ${targets} targets met.**${missed.length ? ' Missed:' : ''}`,
    '',
    ...(missed.length ? [...missed.map((figure) => `- ${figure.section}: ${figure.what}: ${formatNumber(figure.value, figure.digits)} ${figure.unit}${figure.reference ? ` (${formatRatio(ratioOf(figure) ?? Number.NaN)} ${figure.reference.what})` : ''}, target ${targetText(figure)}`), ''] : []),
    '## Machine and run',
    '',
    `- CPU: ${run.cpu}, ${run.cores} cores`,
    `- Memory: ${formatNumber(gib, 1)} GiB`,
    `- OS: ${run.os}, kernel ${run.kernel}`,
    `- Node: ${run.node}`,
    `- Run: started ${run.startedAt}, took ${formatDuration(run.durationSeconds)}`,
    `- Load average (1 min): ${formatNumber(run.loadAverage.start, 2)} at the start, ${formatNumber(run.loadAverage.end, 2)} at the end, on ${run.cores} cores`,
    `- Commit: ${run.commit}${run.dirty ? ' (with uncommitted changes in the working tree)' : ''}${run.commitAtEnd !== run.commit ? `; HEAD was ${run.commitAtEnd} by the end of the run` : ''}`,
    `- Mode: ${run.quick ? '**quick** (`--quick`: fewer samples and smaller files; figures are rougher)' : 'full'}`,
  ];
  for (const section of sectionsInOrder(figures)) {
    out.push('', `## ${section}`, '', '| what | result | reference (measured in this run) | ratio | target | met |', '|---|--:|---|--:|---|---|');
    for (const figure of figures.filter((f) => f.section === section)) out.push(row(figure));
  }
  if (skipped.length) {
    out.push('', '## Not run', '');
    for (const item of skipped) out.push(`- ${item.section}: ${item.why}`);
  }
  return `${out.join('\n')}\n`;
}

function row(figure: Figure): string {
  const value = (n: number) => `${formatNumber(n, figure.digits)} ${figure.unit}`;
  const ratio = ratioOf(figure);
  const met = isMet(figure);
  const cells = [
    figure.what,
    value(figure.value),
    figure.reference ? `${figure.reference.what}: ${value(figure.reference.value)}` : '—',
    ratio === undefined ? '—' : formatRatio(ratio),
    targetText(figure),
    met === undefined ? '—' : met ? 'yes' : '**no**',
  ];
  return `| ${cells.map(escapeCell).join(' | ')} |`;
}

function sectionsInOrder(figures: Figure[]): string[] {
  return [...new Set(figures.map((figure) => figure.section))];
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes ? `${minutes} min ${Math.round(seconds % 60)} s` : `${formatNumber(seconds, 1)} s`;
}
