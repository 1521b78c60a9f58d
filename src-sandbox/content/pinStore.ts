import fs from 'node:fs/promises';
import path from 'node:path';

/** Kubo's pin modes the store records (indirect pins are derived from recursive ones, never stored). */
export type PinMode = 'recursive' | 'direct';

/** The pins file as stored. */
interface PinFile {
  version: 1;
  pins: Record<string, PinMode>;
}

/** Recorded pins, kept in memory and in one JSON file written atomically. */
export interface PinStore {
  /** The mode of a pinned CID (by its string form), if pinned. */
  get(cid: string): PinMode | undefined;
  /** Every pin, in insertion order. */
  entries(): [string, PinMode][];
  /** Records pins; a recursive pin is never downgraded to direct (as Kubo). Resolves once on disk. */
  add(cids: string[], mode: PinMode): Promise<void>;
  /** Forgets a pin of any mode (nothing happens for a CID not pinned). Resolves once on disk. */
  remove(cid: string): Promise<void>;
  /** Increases with every change, so derived data (indirect pins) can be cached. */
  readonly revision: number;
  /** Waits for pending writes. */
  close(): Promise<void>;
}

/** Loads `<file>` (missing means no pins). */
export async function openPinStore(file: string): Promise<PinStore> {
  const pins = new Map<string, PinMode>(Object.entries(await readPinFile(file)));
  let revision = 0;
  let writing: Promise<void> = Promise.resolve();
  let sequence = 0;
  const persist = () => {
    const snapshot: PinFile = { version: 1, pins: Object.fromEntries(pins) };
    // Writes are chained so an older snapshot can never land after a newer one.
    writing = writing.catch(() => undefined).then(() => writeAtomically(file, JSON.stringify(snapshot, null, 1), (sequence += 1)));
    return writing;
  };
  return {
    get: (cid) => pins.get(cid),
    entries: () => [...pins.entries()],
    async add(cids, mode) {
      let changed = false;
      for (const cid of cids) {
        const current = pins.get(cid);
        if (current === 'recursive' || current === mode) continue;
        pins.set(cid, mode);
        changed = true;
      }
      if (!changed) return;
      revision += 1;
      await persist();
    },
    async remove(cid) {
      if (!pins.delete(cid)) return;
      // The revision is what invalidates derived data: the indirect pins this pin held are recomputed.
      revision += 1;
      await persist();
    },
    get revision() {
      return revision;
    },
    close: () => writing.catch(() => undefined),
  };
}

async function readPinFile(file: string): Promise<Record<string, PinMode>> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<PinFile>;
  if (parsed.version !== 1 || typeof parsed.pins !== 'object' || parsed.pins === null) {
    throw new Error(`${file} is not a content-store pin file`);
  }
  const pins: Record<string, PinMode> = {};
  for (const [cid, mode] of Object.entries(parsed.pins)) if (mode === 'recursive' || mode === 'direct') pins[cid] = mode;
  return pins;
}

/** Write to a temporary file, flush it to disk, then rename over the target: readers see old or new, never half. */
async function writeAtomically(file: string, text: string, sequence: number): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${sequence}.tmp`;
  const handle = await fs.open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file);
}
