// The whole suite: type-check, lint, unit and integration tests (vitest), end-to-end (Playwright).
// Ends with one plain line "N passed, N failed" totalling every suite, which CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'servicebay-test-report-'));
let passed = 0;
let failed = 0;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function step(label, command, args) {
  if (run(label, command, args)) passed++;
  else {
    failed++;
    console.log(`--- ${label} failed`);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const only = process.argv[2]; // optional: typecheck | lint | vitest | e2e

if (!only || only === 'typecheck') step('typecheck', 'node', ['scripts/typecheck.mjs']);
if (!only || only === 'lint') step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);

if (!only || only === 'vitest') {
  const out = path.join(tmp, 'vitest.json');
  const ok = run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  const report = readJson(out);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
    if (!ok && report.numFailedTests === 0 && !report.numFailedTestSuites) failed++;
  } else failed++;
}

if (!only || only === 'e2e') {
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
    console.log('--- e2e: no Chromium at /usr/bin/chromium (apt-get install -y chromium)');
    failed++;
  } else if (!run('build web apps', 'npm', ['run', 'build'])) {
    failed++;
  } else {
    const out = path.join(tmp, 'playwright.json');
    const ok = run('playwright', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    const report = readJson(out);
    if (report?.stats) {
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
      if (!ok && report.stats.unexpected === 0) failed++;
    } else failed++;
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
