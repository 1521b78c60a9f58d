// npm run sandbox -- [flags]: bundles the sandbox (about 0.1 s, so it is never stale) and runs it in
// this very process: signals reach it directly, and no TypeScript loader sits in its memory.
import { pathToFileURL } from 'node:url';
import { stop } from 'esbuild';
import { buildSandbox } from './buildSandbox.mjs';

const bundle = await buildSandbox();
await stop(); // esbuild's service process is not needed any more
await import(pathToFileURL(bundle).href);
