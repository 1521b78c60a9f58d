import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Function and event signatures by selector, from the signature database shipped with the app. */
export interface SignatureDatabase {
  /** Signatures of functions and errors whose 4-byte selector is `selector` (`0x` + 8 hex digits). */
  functions(selector: string): Promise<string[]>;
  /** Signatures of events whose topic is `topic` (`0x` + 64 hex digits). */
  events(topic: string): Promise<string[]>;
}

/**
 * The database of `sevm` (MIT): about 120,000 function and 19,000 event signatures from 4byte.directory,
 * read on first use (two JSON files, 6 MB) and kept in memory; a selector maps to one signature there.
 * When the files cannot be read, the database is empty and `log` says why once.
 */
export function createSignatureDatabase(options: { log?: (line: string) => void; folder?: string } = {}): SignatureDatabase {
  let loading: Promise<{ functions: Record<string, string>; events: Record<string, string> }> | undefined;
  const load = () =>
    (loading ??= (async () => {
      try {
        const folder = options.folder ?? sevmDatabaseFolder();
        const [functions, events] = await Promise.all(
          ['functionHashes.min.json', 'eventHashes.min.json'].map(async (file) => JSON.parse(await fs.readFile(path.join(folder, file), 'utf8')) as Record<string, string>),
        );
        return { functions: functions!, events: events! };
      } catch (error) {
        options.log?.(`explorer: the signature database could not be read (${(error as Error).message}); calls decode only from ABIs and metadata`);
        return { functions: {}, events: {} };
      }
    })());
  const lookup = (table: Record<string, string>, key: string) => {
    const signature = Object.hasOwn(table, key) ? table[key] : undefined;
    return signature ? [signature] : [];
  };
  return {
    functions: async (selector) => lookup((await load()).functions, selector.toLowerCase().replace(/^0x/, '')),
    events: async (topic) => lookup((await load()).events, topic.toLowerCase().replace(/^0x/, '')),
  };
}

/** `node_modules/sevm/4bytedb`: its package exports only code, so the folder is found from the package's entry. */
function sevmDatabaseFolder(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('sevm'));
  while (path.basename(dir) !== 'sevm') {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the sevm package was not found');
    dir = parent;
  }
  return path.join(dir, '4bytedb');
}
