// Builds resources/signatures/known-abis.json, offline, from the ABIs that ship in the npm packages of
// well-kept contracts (OpenZeppelin Contracts, Uniswap V2 core and periphery): every function, event and
// error with its argument names and `indexed` flags, by selector. The explorer's signature database reads
// it beside sevm's 4byte list (which lacks, for one, the Uniswap router's swaps).
// Run: node scripts/buildSignatures.mjs (scripts/buildSignatures.test.ts fails when the file is stale).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toEventSelector, toFunctionSelector } from 'viem/utils';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const KNOWN_ABIS_FILE = path.join(projectRoot, 'resources', 'signatures', 'known-abis.json');
const require = createRequire(import.meta.url);

/** Where the ABIs come from: the packages' build folders. */
const SOURCES = ['@openzeppelin/contracts/build/contracts', '@uniswap/v2-core/build', '@uniswap/v2-periphery/build'];

/** A parameter as viem's parseAbiItem reads it back: `address indexed from`, `(uint256 a, bool b)[] legs`. */
function parameter(input) {
  const type = input.type.startsWith('tuple') ? `(${input.components.map(parameter).join(', ')})${input.type.slice('tuple'.length)}` : input.type;
  return [type, input.indexed ? 'indexed' : '', input.name ?? ''].filter(Boolean).join(' ');
}

/** The canonical form, `transfer(address,uint256)`, which the selector is the hash of. */
function canonical(input) {
  return input.type.startsWith('tuple') ? `(${input.components.map(canonical).join(',')})${input.type.slice('tuple'.length)}` : input.type;
}

/** A human-readable item with names and `indexed` flags: `Transfer(address indexed from, address indexed to, uint256 value)`. */
function readable(item) {
  return `${item.name}(${item.inputs.map(parameter).join(', ')})`;
}

/** The file's content: `{ functions, events, errors }`, each selector → sorted unique signatures. */
export function buildKnownAbis() {
  const tables = { functions: {}, events: {}, errors: {} };
  // One entry per canonical signature (and, for events, per placement of `indexed`): the first source's names.
  const seen = new Set();
  const add = (table, selector, text, item) => {
    const key = `${table}:${item.name}(${item.inputs.map((input) => `${canonical(input)}${input.indexed ? '!' : ''}`).join(',')})`;
    if (seen.has(key)) return;
    seen.add(key);
    (tables[table][selector] ??= []).push(text);
  };
  for (const source of SOURCES) {
    const folder = path.dirname(require.resolve(`${source.split('/build')[0]}/package.json`)) + source.slice(source.indexOf('/build'));
    for (const name of fs.readdirSync(folder).filter((file) => file.endsWith('.json')).sort()) {
      const artifact = JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8'));
      for (const item of Array.isArray(artifact.abi) ? artifact.abi : []) {
        if (item.type === 'function') add('functions', toFunctionSelector(item), readable(item), item);
        else if (item.type === 'error') add('errors', toFunctionSelector(item), readable(item), item);
        else if (item.type === 'event' && !item.anonymous) add('events', toEventSelector(item), readable(item), item);
      }
    }
  }
  const sorted = (table) => Object.fromEntries(Object.keys(table).sort().map((key) => [key, table[key].sort()]));
  return { source: SOURCES, functions: sorted(tables.functions), events: sorted(tables.events), errors: sorted(tables.errors) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const content = buildKnownAbis();
  fs.mkdirSync(path.dirname(KNOWN_ABIS_FILE), { recursive: true });
  fs.writeFileSync(KNOWN_ABIS_FILE, `${JSON.stringify(content, null, 1)}\n`);
  console.log(`wrote ${path.relative(projectRoot, KNOWN_ABIS_FILE)}: ${Object.keys(content.functions).length} functions, ${Object.keys(content.events).length} events, ${Object.keys(content.errors).length} errors`);
}
