import fs from 'node:fs';
import readline from 'node:readline';
import path from 'node:path';
import type { LogRow } from '../../../src-shared/logs/types';
import { LogsItemNotFoundError } from './logsErrors';

/** Where one run's rows are being written. */
export interface SpoolWriter {
  append(rows: readonly LogRow[]): Promise<void>;
  close(): Promise<void>;
}

/** The runs whose rows can still be exported. */
const KEEP_RUNS = 4;

/**
 * The rows of recent runs, one NDJSON file each in `dir`, so an export streams exactly what the table shows
 * without main keeping 100,000 rows in memory. Only the last few runs are kept; the folder is emptied when
 * the app starts and closes (rows are chain data, never secrets, but nobody needs them after).
 */
export function createRunSpool(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const runs = new Map<string, { file: string; rows: number; writing: Promise<void> }>();
  const fileOf = (runId: string) => path.join(dir, `${runId}.ndjson`);

  return {
    open(runId: string): SpoolWriter {
      const file = fileOf(runId);
      const entry = { file, rows: 0, writing: Promise.resolve() };
      runs.set(runId, entry);
      for (const old of [...runs.keys()].slice(0, Math.max(0, runs.size - KEEP_RUNS))) {
        fs.rmSync(runs.get(old)!.file, { force: true });
        runs.delete(old);
      }
      const stream = fs.createWriteStream(file, { flags: 'w' });
      stream.on('error', () => {}); // a failed write shows as a short export, said by the row count
      const write = (text: string) => new Promise<void>((resolve) => (stream.write(text) ? resolve() : stream.once('drain', resolve)));
      return {
        append(rows) {
          entry.writing = entry.writing.then(async () => {
            if (rows.length === 0) return;
            await write(rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
            entry.rows += rows.length;
          });
          return entry.writing;
        },
        close: () => (entry.writing = entry.writing.then(() => new Promise<void>((resolve) => stream.end(resolve)))),
      };
    },
    /** How many rows a run has written so far. */
    async count(runId: string): Promise<number> {
      const entry = runs.get(runId);
      if (!entry) throw notFound();
      await entry.writing;
      return entry.rows;
    },
    /** The rows of a run written so far, read back one line at a time. */
    async *rows(runId: string): AsyncGenerator<LogRow> {
      const entry = runs.get(runId);
      if (!entry) throw notFound();
      await entry.writing;
      const limit = entry.rows;
      let read = 0;
      const lines = readline.createInterface({ input: fs.createReadStream(entry.file), crlfDelay: Infinity });
      try {
        for await (const line of lines) {
          if (read >= limit) break;
          if (!line) continue;
          read++;
          yield JSON.parse(line) as LogRow;
        }
      } finally {
        lines.close();
      }
    },
    close() {
      runs.clear();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const notFound = () =>
  new LogsItemNotFoundError('The rows of that run are no longer kept.', 'Only the last few runs can be exported, and none from before the app started. Run the query again, then export.');

export type RunSpool = ReturnType<typeof createRunSpool>;
