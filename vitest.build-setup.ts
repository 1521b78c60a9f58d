import { buildSandbox } from './scripts/build.mjs';

/**
 * Bundles the sandbox from the current sources before any test runs (about 0.1 s): the app's launcher
 * runs `out/sandbox/cli.mjs`, and a stale bundle would test yesterday's sandbox.
 */
export default async function setup() {
  await buildSandbox();
}
