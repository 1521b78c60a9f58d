// Adds up vitest's and Playwright's JSON reports: a table of the tiers (files, tests, passed, failed, seconds) and
// the phases of `npm test`, then one closing line: "tests: N passed, N failed, N skipped".
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const [vitestFile, playwrightFile, phasesFile] = process.argv.slice(2);
const read = (file) => (file && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

/** The vitest project a file runs in (vitest.config.ts: components, slow, main). */
const tierOf = (file) => (file.endsWith('.test.tsx') ? 'components' : /\.(fault|fuzz)\.test\.ts$/.test(file) ? 'slow' : 'main');

const tiers = new Map();
const tier = (name) => {
  if (!tiers.has(name)) tiers.set(name, { files: 0, tests: 0, passed: 0, failed: 0, skipped: 0, start: Infinity, end: 0 });
  return tiers.get(name);
};
let passed = 0;
let failed = 0;
let skipped = 0;

/** Each failing test, named with the start of its error: printed last, so that a log cut to its tail still says what failed. */
const failures = [];
const relative = (file) => file.replace(`${process.cwd()}/`, '');
const firstLines = (message = '') =>
  stripVTControlCharacters(message).split('\n').filter((line) => line.trim() !== '').slice(0, 4).join('\n    ');

/** Why the run failed where no test did (a crashed worker, an unhandled error): printed above the closing line. */
const notes = [];

const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numRuntimeErrorTestSuites ?? 0);
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  // Tests that never ended: their file's worker died under them. Vitest files them as "pending" but counts them nowhere.
  const unfinished = vitest.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === 'pending').map((test) => `${file.name}: ${test.fullName}`),
  );
  if (unfinished.length > 0) {
    failed += unfinished.length;
    notes.push(`vitest: ${unfinished.length} test(s) never finished (their worker died): ${unfinished.slice(0, 3).join('; ')}${unfinished.length > 3 ? '; …' : ''}`);
  }
  if (vitest.success === false && vitest.numFailedTests + (vitest.numRuntimeErrorTestSuites ?? 0) + unfinished.length === 0) {
    failed += 1;
    notes.push('vitest: the run failed with no failing test: an unhandled error, printed under "Unhandled Errors" above');
  }
  for (const file of vitest.testResults) {
    for (const test of file.assertionResults.filter((result) => result.status === 'failed')) {
      failures.push(`vitest ${relative(file.name)}: ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) failures.push(`vitest ${relative(file.name)}: the file did not load\n    ${firstLines(file.message)}`);
    const row = tier(`vitest: ${tierOf(file.name)}`);
    row.files += 1;
    row.tests += file.assertionResults.length;
    for (const test of file.assertionResults) {
      if (test.status === 'passed') row.passed += 1;
      else if (test.status === 'failed' || test.status === 'pending') row.failed += 1;
      else row.skipped += 1;
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) row.failed += 1; // a file that did not load
    row.start = Math.min(row.start, file.startTime);
    row.end = Math.max(row.end, file.endTime);
  }
} else failed += 1;

const playwright = read(playwrightFile);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  const row = tier('playwright: journeys');
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        row.tests += 1;
        const outcome = test.status; // expected, unexpected, flaky, skipped
        if (outcome === 'expected' || outcome === 'flaky') row.passed += 1;
        else if (outcome === 'unexpected') {
          row.failed += 1;
          const error = test.results.at(-1)?.error?.message;
          failures.push(`playwright ${spec.file}:${spec.line}: ${spec.title}\n    ${firstLines(error)}`);
        }
        else row.skipped += 1;
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwright.suites) {
    row.files += 1;
    walk(suite);
  }
  row.start = Date.parse(playwright.stats.startTime);
  row.end = row.start + playwright.stats.duration;
} else failed += 1;

const pad = (text, width) => String(text).padEnd(width);
const lines = [['tier', 'files', 'tests', 'passed', 'failed', 'skipped', 'seconds']];
for (const [name, row] of tiers) lines.push([name, row.files, row.tests, row.passed, row.failed, row.skipped, Number.isFinite(row.start) ? ((row.end - row.start) / 1000).toFixed(0) : '-']);
const phases = phasesFile && fs.existsSync(phasesFile) ? fs.readFileSync(phasesFile, 'utf8').trim().split('\n').map((line) => line.split(' ')) : [];
// Types and lint run side by side, so the phases add up to more than the run: its own clock is the `wall` line.
for (const [name, seconds, code] of phases) {
  if (name === 'wall') lines.push(['npm test, wall clock', '', '', '', '', '', seconds]);
  else lines.push([`phase: ${name}${code === '0' ? '' : ' (failed)'}`, '', '', '', '', '', seconds]);
}
const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => String(line[column]).length)));
console.log('');
for (const [index, line] of lines.entries()) {
  console.log(line.map((cell, column) => pad(cell, widths[column])).join('  '));
  if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}
console.log('(a vitest tier\'s seconds run from its first file\'s start to its last file\'s end; the three vitest tiers run at the same time)');
if (failures.length > 0) console.log(`\nfailed (${failures.length}):\n${failures.slice(0, 20).map((failure) => `  ${failure}`).join('\n')}${failures.length > 20 ? '\n  …' : ''}\n`);
for (const note of notes) console.log(note);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
