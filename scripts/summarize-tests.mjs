// Adds up vitest's and Playwright's JSON reports into one closing line: "tests: N passed, N failed, N skipped".
import fs from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numRuntimeErrorTestSuites ?? 0);
  skipped += vitest.numPendingTests + vitest.numTodoTests;
} else failed += 1;

const playwright = read(playwrightFile);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
} else failed += 1;

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
