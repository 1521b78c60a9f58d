import { encodePng } from './png';
import { seededBytes } from './seededBytes';

/** The demo folder's name (its root entry). */
export const DEMO_ROOT = 'blockglass-demo';
/** Size of the large pseudo-random file: big enough for a multi-level DAG (more than 174 chunks). */
export const DEMO_RANDOM_BYTES = 50 * 1024 * 1024;
const RANDOM_SEED = 0x5eed_0001;

/** One file of the demo folder; `content` makes a fresh stream of its bytes each call. */
export interface DemoFile {
  path: string;
  size: number;
  content: () => Iterable<Uint8Array>;
}

const text = (value: string) => new TextEncoder().encode(value);
const fixed = (path: string, bytes: Uint8Array): DemoFile => ({ path: `${DEMO_ROOT}/${path}`, size: bytes.byteLength, content: () => [bytes] });

const README = `# Blockglass demo content

This folder is served by the Blockglass sandbox's content store. Every byte of it is generated
deterministically, so its content identifiers are the same on every machine and every start.

- metadata.json: a small JSON document describing the folder
- images/blockglass.png: a 64x64 gradient image
- docs/guide/getting-started.md and docs/notes/changelog.txt: nested text files
- data/random-50MiB.bin: 50 MiB of seeded pseudo-random bytes (a DAG of more than one level)

Try it: cat a file by path, list the folder, or fetch a node with dag/get.
`;

const GUIDE = `# Getting started

1. Open the content browser.
2. Paste the demo folder's CID, or pick it from the sandbox's pins.
3. Open README.md, then the image, then the large file (it streams).
`;

const CHANGELOG = 'v1: first demo folder (README, JSON, PNG, nested text, 50 MiB random file)\n';

/** The demo files, in upload order. */
export function demoFiles(): DemoFile[] {
  const metadata = {
    name: DEMO_ROOT,
    description: 'Deterministic demo content for the Blockglass sandbox',
    version: 1,
    files: ['README.md', 'metadata.json', 'images/blockglass.png', 'docs/guide/getting-started.md', 'docs/notes/changelog.txt', 'data/random-50MiB.bin'],
    random: { bytes: DEMO_RANDOM_BYTES, generator: 'xoshiro128**', seed: RANDOM_SEED },
  };
  const image = encodePng(64, 64, (x, y) => [x * 4, y * 4, 255 - ((x + y) * 2)]);
  return [
    fixed('README.md', text(README)),
    fixed('metadata.json', text(`${JSON.stringify(metadata, null, 2)}\n`)),
    fixed('images/blockglass.png', image),
    fixed('docs/guide/getting-started.md', text(GUIDE)),
    fixed('docs/notes/changelog.txt', text(CHANGELOG)),
    { path: `${DEMO_ROOT}/data/random-50MiB.bin`, size: DEMO_RANDOM_BYTES, content: () => seededBytes(RANDOM_SEED, DEMO_RANDOM_BYTES) },
  ];
}
