import fs from 'node:fs';
import readline from 'node:readline';
import path from 'node:path';
import { NotFoundError } from '../errors/notFoundError';

/** Where one run's items are being written. */
export interface SpoolWriter<T> {
  /** Writes one batch; batches are written in the order they are appended. */
  append(items: readonly T[]): Promise<void>;
  close(): Promise<void>;
}

/** The runs whose rows can still be exported. */
const KEEP_RUNS = 4;

/**
 * The items of recent runs (the logs service keeps the node's logs as it answered them), one file each in
 * `dir`, so an export streams exactly what the run found without main keeping 100,000 of them in memory. Each
 * appended batch is one line, a JSON array: one `JSON.stringify` per batch costs a third of one per item (the
 * spool was the largest part of a 100,000-log run). Only the last few runs are kept; the folder is emptied
 * when the app starts and closes (logs are chain data, never secrets, but nobody needs them after).
 */
export function createRunSpool<T>(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const runs = new Map<string, { file: string; items: number; writing: Promise<void> }>();
  const fileOf = (runId: string) => path.join(dir, `${runId}.ndjson`);

  return {
    open(runId: string): SpoolWriter<T> {
      const file = fileOf(runId);
      const entry = { file, items: 0, writing: Promise.resolve() };
      runs.set(runId, entry);
      for (const old of [...runs.keys()].slice(0, Math.max(0, runs.size - KEEP_RUNS))) {
        fs.rmSync(runs.get(old)!.file, { force: true });
        runs.delete(old);
      }
      const stream = fs.createWriteStream(file, { flags: 'w' });
      stream.on('error', () => {}); // a failed write shows as a short export, said by the row count
      // Settles once the line is in the file (the write's own callback), not when the stream has merely taken it
      // into its buffer: an export while the run goes on reads the file, which may not even be open before then.
      const write = (text: string) => new Promise<boolean>((resolve) => stream.write(text, (error) => resolve(!error)));
      return {
        append(items) {
          if (items.length === 0) return entry.writing;
          // Made now, while the caller's array is as it was given.
          const line = `${JSON.stringify(items)}\n`;
          entry.writing = entry.writing.then(async () => {
            if (await write(line)) entry.items += items.length;
          });
          return entry.writing;
        },
        close: () => (entry.writing = entry.writing.then(() => new Promise<void>((resolve) => stream.end(resolve)))),
      };
    },
    /** How many items a run has written so far. */
    async count(runId: string): Promise<number> {
      const entry = runs.get(runId);
      if (!entry) throw notFound();
      await entry.writing;
      return entry.items;
    },
    /** The batches of a run written so far, in order, read back one at a time. */
    async *batches(runId: string): AsyncGenerator<T[]> {
      const entry = runs.get(runId);
      if (!entry) throw notFound();
      await entry.writing;
      let left = entry.items;
      const lines = readline.createInterface({ input: fs.createReadStream(entry.file), crlfDelay: Infinity });
      try {
        for await (const line of lines) {
          if (left <= 0) break;
          if (!line) continue;
          const batch = (JSON.parse(line) as T[]).slice(0, left);
          left -= batch.length;
          yield batch;
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
  new NotFoundError({ what: 'logRun' }, 'The rows of that run are no longer kept.', { details: 'Only the last few runs can be exported, and none from before the app started. Run the query again, then export.' });

export type RunSpool<T> = ReturnType<typeof createRunSpool<T>>;
