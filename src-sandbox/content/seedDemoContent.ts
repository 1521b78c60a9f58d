import fs from 'node:fs/promises';
import path from 'node:path';
import { importer } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import { contentContextOf, type ContentStore } from './createContentStore';
import { DEMO_ROOT, demoFiles } from './demo/demoFiles';
import { kuboImporterOptions } from './kuboImporterOptions';

/** Bump when the demo files change, so a store seeded with the old ones is seeded again. */
const DEMO_VERSION = 1;
const MARKER_FILE = 'demo.json';

/** One entry of the demo folder: `size` is the file's byte length (0 for directories), as `ls` reports. */
export interface DemoEntry {
  path: string;
  cid: string;
  size: number;
  type: 'file' | 'directory';
}

/** What the demo seeding produced. */
export interface DemoContent {
  rootCid: string;
  entries: DemoEntry[];
}

/**
 * Adds the deterministic demo folder `blockglass-demo/` with Kubo's default CIDs (the same as `add` gives)
 * and pins it. Idempotent; on a later start it only checks that the recorded root is still pinned and
 * present, so it costs nothing after the first time.
 */
export async function seedDemoContent(store: ContentStore): Promise<DemoContent> {
  const { folder, blocks, pins } = contentContextOf(store);
  const marker = path.join(folder, MARKER_FILE);
  const recorded = await readMarker(marker);
  if (recorded && pins.get(recorded.rootCid) === 'recursive' && (await blocks.has(CID.parse(recorded.rootCid)))) {
    return { rootCid: recorded.rootCid, entries: recorded.entries };
  }
  const files = demoFiles();
  const sizes = new Map(files.map((file) => [file.path, file.size]));
  const options = kuboImporterOptions({ cidVersion: 0, rawLeaves: undefined, chunker: 'default', trickle: false, hash: 'sha2-256', wrapWithDirectory: false });
  const entries: DemoEntry[] = [];
  const candidates = files.map((file) => ({ path: file.path, content: file.content() }));
  const writable = {
    put: async (cid: CID, bytes: Uint8Array) => {
      await blocks.put(cid, bytes);
      return cid;
    },
  };
  for await (const entry of importer(candidates, writable, options)) {
    const entryPath = entry.path ?? '';
    const isDirectory = entry.unixfs?.isDirectory() === true;
    entries.push({ path: entryPath, cid: entry.cid.toString(), size: isDirectory ? 0 : (sizes.get(entryPath) ?? 0), type: isDirectory ? 'directory' : 'file' });
  }
  const root = entries.find((entry) => entry.path === DEMO_ROOT);
  if (!root) throw new Error('demo import produced no root directory');
  await pins.add([root.cid], 'recursive');
  const content = { rootCid: root.cid, entries };
  await writeMarker(marker, { version: DEMO_VERSION, ...content });
  return content;
}

async function readMarker(file: string): Promise<DemoContent | undefined> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<DemoContent & { version: number }>;
    if (parsed.version !== DEMO_VERSION || typeof parsed.rootCid !== 'string' || !Array.isArray(parsed.entries)) return undefined;
    return { rootCid: parsed.rootCid, entries: parsed.entries };
  } catch {
    // Missing or unreadable: seed again, which rewrites it.
    return undefined;
  }
}

async function writeMarker(file: string, value: DemoContent & { version: number }): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, JSON.stringify(value, null, 1));
  await fs.rename(temporary, file);
}
