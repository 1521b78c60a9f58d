// npm run sandbox -- [flags]: bundles the sandbox (about 0.1 s, so it is never stale) and runs it in
// this very process: signals reach it directly, and no TypeScript loader sits in its memory.
import { pathToFileURL } from 'node:url';
import { buildSandbox } from './build.mjs';

const bundle = await buildSandbox();
(await import('esbuild')).stop(); // esbuild's service process is not needed any more
await import(pathToFileURL(bundle).href);
