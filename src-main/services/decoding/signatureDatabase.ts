import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { jsonTextTable, type JsonTextTable } from './jsonTextTable';

/**
 * Function, error and event signatures by selector, from the signature database shipped with the app. A
 * signature with argument names (`transfer(address to, uint256 value)`) comes from a contract's ABI and
 * carries `indexed` flags; a bare one (`transfer(address,uint256)`) from the 4byte list.
 */
export interface SignatureDatabase {
  /** Signatures of functions whose 4-byte selector is `selector` (`0x` + 8 hex digits). */
  functions(selector: string): Promise<string[]>;
  /** Signatures of errors whose selector is `selector` (errors and functions share the 4-byte space). */
  errors(selector: string): Promise<string[]>;
  /** Signatures of events whose topic is `topic` (`0x` + 64 hex digits). */
  events(topic: string): Promise<string[]>;
  /** Every event signature, those from ABIs (with names and `indexed` flags) first, then the 4byte list's. */
  allEvents(): Promise<string[]>;
}

/**
 * The app's signature database, read on first use and kept in memory: the ABIs of well-kept contract packages
 * (`resources/signatures/known-abis.json`, built by scripts/buildSignatures.mjs: names and `indexed` flags),
 * then `sevm`'s 4byte list (MIT: about 120,000 function and 19,000 event signatures, one per selector).
 * A file that cannot be read is left out and `log` says why once.
 */
export function createSignatureDatabase(options: { log?: (line: string) => void; folder?: string; knownAbisFile?: string } = {}): SignatureDatabase {
  type Table = Record<string, string[]>;
  let loading: Promise<{ functions: Table; errors: Table; events: Table; fourByteFunctions: JsonTextTable; fourByteEvents: JsonTextTable }> | undefined;
  const readText = async (file: string, what: string): Promise<string | undefined> => {
    try {
      return await fs.readFile(file, 'utf8');
    } catch (error) {
      options.log?.(`explorer: ${what} could not be read (${(error as Error).message}); calls decode without it`);
      return undefined;
    }
  };
  // The 4byte lists (6 MB) are looked up in their text (see jsonTextTable): parsing them blocked main for
  // 300–600 ms on the first decode. A list that is not plain (escapes) is parsed instead.
  const fourByteTable = async (file: string, what: string): Promise<JsonTextTable> => {
    const text = await readText(file, what);
    if (text === undefined) return emptyTable;
    const table = jsonTextTable(text);
    if (table) return table;
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      return { get: (key) => (Object.hasOwn(parsed, key) && typeof parsed[key] === 'string' ? parsed[key] : undefined), values: () => Object.values(parsed).filter((value): value is string => typeof value === 'string') };
    } catch (error) {
      options.log?.(`explorer: ${what} could not be read (${(error as Error).message}); calls decode without it`);
      return emptyTable;
    }
  };
  const load = () =>
    (loading ??= (async () => {
      let folder: string | undefined;
      try {
        folder = options.folder ?? sevmDatabaseFolder();
      } catch (error) {
        options.log?.(`explorer: the 4byte signature list was not found (${(error as Error).message})`);
      }
      const emptyKnown = { functions: {}, errors: {}, events: {} };
      const [fourByteFunctions, fourByteEvents, knownText] = await Promise.all([
        folder ? fourByteTable(path.join(folder, 'functionHashes.min.json'), 'the 4byte function list') : emptyTable,
        folder ? fourByteTable(path.join(folder, 'eventHashes.min.json'), 'the 4byte event list') : emptyTable,
        options.knownAbisFile ? readText(options.knownAbisFile, 'the known ABIs') : undefined,
      ]);
      let known: { functions: Table; errors: Table; events: Table } = emptyKnown;
      try {
        if (knownText !== undefined) known = JSON.parse(knownText) as typeof known;
      } catch (error) {
        options.log?.(`explorer: the known ABIs could not be read (${(error as Error).message}); calls decode without them`);
      }
      return { ...known, fourByteFunctions, fourByteEvents };
    })());
  const own = <T>(table: Record<string, T>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);
  const both = (named: string[] | undefined, bare: string | undefined) => [...(named ?? []), ...(bare ? [bare] : [])];
  const hex = (value: string) => value.toLowerCase().replace(/^0x/, '');
  return {
    functions: async (selector) => {
      const db = await load();
      return both(own(db.functions, `0x${hex(selector)}`), db.fourByteFunctions.get(hex(selector)));
    },
    errors: async (selector) => {
      const db = await load();
      return both(own(db.errors, `0x${hex(selector)}`), db.fourByteFunctions.get(hex(selector)));
    },
    events: async (topic) => {
      const db = await load();
      return both(own(db.events, `0x${hex(topic)}`), db.fourByteEvents.get(hex(topic)));
    },
    allEvents: async () => {
      const db = await load();
      return [...Object.values(db.events).flat(), ...db.fourByteEvents.values()];
    },
  };
}

const emptyTable: JsonTextTable = { get: () => undefined, values: () => [] };

/** `node_modules/sevm/4bytedb`: its package exports only code, so the folder is found from the package's entry. */
export function sevmDatabaseFolder(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('sevm'));
  while (path.basename(dir) !== 'sevm') {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the sevm package was not found');
    dir = parent;
  }
  return path.join(dir, '4bytedb');
}
