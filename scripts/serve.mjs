// npm run serve: builds if the build is out of date, then runs the bundled web host (scripts/serve.ts)
// in this very process, so that signals reach it.
import { pathToFileURL } from 'node:url';
import { ensureBuild, SERVE_BUNDLE } from './build.mjs';

await ensureBuild((line) => process.stderr.write(`[blockglass] ${line}\n`));
await import(pathToFileURL(SERVE_BUNDLE).href);
