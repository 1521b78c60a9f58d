// The side by side's floor: what the shared Otterscan harness measures for a blank page, timed with its own code in
// the same run as Otterscan and Blockglass (bench/side-by-side-floor.sh adds the blank page as a third tool). A blank
// page is ready at the harness's first check, so its time is the harness's own cost: the new window's start, the
// navigation, Playwright's first check. For a warm visit that cost depends on when the harness navigates: it waits for
// no HTTP request in 500 ms, which a blank page meets at once, while the new window's own interface is still starting;
// a page that goes on fetching is navigated later, on a quieter window, and can be timed below the blank page.
// Otterscan ÷ blank is the most a page navigated as early as the blank page could reach against Otterscan.
// usage: tsx bench/sideBySideFloor.ts SIDE_BY_SIDE_JSON
import fs from 'node:fs';

/** The harness's JSON (`OUT=file.json`): every run's time per scenario, tool and mode (null: never ready). */
export interface SideBySideRuns {
  runs: number;
  results: Record<string, Record<string, (number | null)[]>>;
}

export interface FloorRow {
  scenario: string;
  mode: 'cold' | 'warm';
  otterscan: number | null;
  blockglass: number | null;
  blank: number | null;
  /** Otterscan ÷ Blockglass: the ratio the issue judges. */
  ratio: number | null;
  /** Otterscan ÷ blank page: the most a page navigated as early as the blank page could reach in this run. */
  ceiling: number | null;
  /** Blockglass's runs in the order they ran (null: never ready): a median hides runs that split in two groups. */
  blockglassRuns: (number | null)[];
}

/** The median of the runs that got ready, or null when fewer than half did (the harness's own rule). */
export function medianOfReady(times: readonly (number | null)[] | undefined): number | null {
  if (!times || times.length === 0) return null;
  const ready = times.filter((time): time is number => time !== null).sort((a, b) => a - b);
  if (ready.length < times.length / 2 + 0.5) return null;
  return ready[Math.floor(ready.length / 2)]!;
}

/** Each run's time, rounded, in the order they ran: `95 · 458 · never`. */
const runsText = (times: readonly (number | null)[]) => times.map((time) => (time === null ? 'never' : String(Math.round(time)))).join(' · ');

const ratioOf = (numerator: number | null, denominator: number | null) =>
  numerator === null || denominator === null || denominator <= 0 ? null : Math.round((numerator / denominator) * 100) / 100;

/** One row per scenario and mode, in the harness's order. */
export function floorRows(data: SideBySideRuns): FloorRow[] {
  const rows: FloorRow[] = [];
  for (const [scenario, byTool] of Object.entries(data.results)) {
    for (const mode of ['cold', 'warm'] as const) {
      const otterscan = medianOfReady(byTool[`ots ${mode}`]);
      const blockglass = medianOfReady(byTool[`app ${mode}`]);
      const blank = medianOfReady(byTool[`blank ${mode}`]);
      rows.push({ scenario, mode, otterscan, blockglass, blank, ratio: ratioOf(otterscan, blockglass), ceiling: ratioOf(otterscan, blank), blockglassRuns: byTool[`app ${mode}`] ?? [] });
    }
  }
  return rows;
}

/** The table printed after the run: each time beside the blank page's, and both ratios. */
export function floorTable(data: SideBySideRuns): string {
  const ms = (value: number | null) => (value === null ? 'never' : `${Math.round(value)} ms`);
  const x = (value: number | null) => (value === null ? '-' : `${value}x`);
  const rows = floorRows(data);
  const lines = [
    `Medians of ${data.runs} runs. The blank page is ready at the harness's first check: its time is the harness's own, on a window navigated as soon as it is idle on the network.`,
    '',
    '| scenario | mode | Otterscan | Blockglass | blank page | Otterscan / Blockglass | Otterscan / blank page (the most a page navigated as early could reach) | Blockglass, run by run (ms) |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
    ...rows.map((row) => `| ${row.scenario} | ${row.mode} | ${ms(row.otterscan)} | ${ms(row.blockglass)} | ${ms(row.blank)} | ${x(row.ratio)} | ${x(row.ceiling)} | ${runsText(row.blockglassRuns)} |`),
  ];
  const below = (limit: number) => rows.filter((row) => row.ceiling !== null && row.ceiling < limit).map((row) => `${row.scenario} (${row.mode}, ${row.ceiling}x)`);
  const underTwo = below(2);
  lines.push('', underTwo.length === 0 ? 'Every row leaves room for 2x: Otterscan takes at least twice the blank page.' : `Below 2x even for the blank page: ${underTwo.join('; ')}.`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === new URL(`file://${fs.realpathSync(process.argv[1])}`).href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: tsx bench/sideBySideFloor.ts SIDE_BY_SIDE_JSON');
    process.exit(2);
  }
  console.log(floorTable(JSON.parse(fs.readFileSync(file, 'utf8')) as SideBySideRuns));
}
