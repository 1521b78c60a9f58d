// npm start: builds if the build is out of date, then runs the bundled launcher (scripts/start.ts) in
// this very process, so that signals reach it.
import { pathToFileURL } from 'node:url';
import { ensureBuild, START_BUNDLE } from './build.mjs';

await ensureBuild((line) => process.stderr.write(`[blockglass] ${line}\n`));
await import(pathToFileURL(START_BUNDLE).href);
