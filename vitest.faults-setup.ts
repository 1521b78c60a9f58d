import fs from 'node:fs';
import { FAULT_RESULTS_DIR, faultTable, readFaultRows } from './test-support/faultReport';

/** Empties the fault table before the run and prints it after (see test-support/faultReport.ts). */
export default function setup() {
  fs.rmSync(FAULT_RESULTS_DIR, { recursive: true, force: true });
  return () => {
    const rows = readFaultRows();
    if (rows.length === 0) return;
    process.stdout.write(`\nFault suite: ${rows.length} cases (what was done, what the app did, time to recover)\n${faultTable(rows)}\n\n`);
  };
}
