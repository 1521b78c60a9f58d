import fs from 'node:fs';
import path from 'node:path';

// The fault suite's table (`npm run test:faults`): each fault test records what it did to the app, what the
// app did about it, and how long it took to recover; the suite's global setup prints the rows at the end.
// Rows go through files because vitest runs each test file in a process of its own.

/** One row of the fault table. */
export interface FaultRow {
  /** What was done to the app: "node killed (kill -9 Anvil)". */
  fault: string;
  /** The work it met: "log query over 4,000 blocks". */
  work: string;
  /** What the app did, in a few words, with the figures that show it. */
  outcome: string;
  /** From the fault's end (the node back, the link up again) to the work going on, or null where nothing recovers. */
  recoveryMs: number | null;
}

/** Where the rows of this run are written (one file per test process). */
export const FAULT_RESULTS_DIR = path.resolve('.cache', 'fault-results');

/** Records one row of the table (appended to this process's file). */
export function recordFault(row: FaultRow): void {
  fs.mkdirSync(FAULT_RESULTS_DIR, { recursive: true });
  fs.appendFileSync(path.join(FAULT_RESULTS_DIR, `${process.pid}.jsonl`), `${JSON.stringify(row)}\n`);
}

/** Every row recorded since the folder was last emptied, in the order the files were written. */
export function readFaultRows(dir = FAULT_RESULTS_DIR): FaultRow[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs)
    .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as FaultRow);
}

/** The rows as a plain-text table, columns padded, recovery in seconds. */
export function faultTable(rows: FaultRow[]): string {
  const header = ['fault', 'work', 'outcome', 'recovery'];
  const cells = rows.map((row) => [row.fault, row.work, row.outcome, row.recoveryMs === null ? '—' : `${(row.recoveryMs / 1000).toFixed(1)} s`]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column]!)).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...cells.map(line)].join('\n');
}
