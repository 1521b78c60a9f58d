/**
 * Node flags the sandbox process runs with (the app's launcher, the tests, the benchmarks; `npm run sandbox`
 * spells them in package.json). They keep its memory under 200 MB while it takes a large upload:
 * - a young generation of 4 MB instead of V8's 16 MB semi-spaces: RSS about 40 MB lower, with no
 *   measurable loss on `add` or `cat` (`npm run bench` prints both);
 * - `--expose-gc`, so that `add` can ask for a collection every 32 MiB (src-sandbox/content/gcPacer.ts).
 */
export const SANDBOX_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--expose-gc'];
