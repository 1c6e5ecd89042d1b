// The whole suite: type-check, lint, unit and integration tests (vitest), end-to-end (Playwright).
// Ends with one plain line "N passed, N failed" totalling every suite, which CI reads: each
// failed test counts once, and so does a check, a test file that could not run, or a run that
// failed without naming a test.
//
// Two cores are enough for it because most of the suite waits: on PostgreSQL, on Chromium, on
// timers. So four streams run side by side: typecheck then lint; unit then int-pglite;
// int-postgres; the web build then the end-to-end run. Phases that run beside others print their
// output in one block when they end, so logs do not interleave. The end lists the failures, the tests that passed only on their retry, the tests
// close to their time limit, and each phase's wall time.
//
//   node scripts/test.mjs [typecheck | lint | unit | int | vitest | e2e]
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = process.cwd();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'servicebay-test-report-'));
// The suite is what CI runs: Playwright retries once and refuses test.only, vitest refuses .only.
const env = { ...process.env, CI: process.env.CI || '1' };
const only = process.argv[2];
const wants = (...names) => !only || names.includes(only);
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const niceAvailable = spawnSync('nice', ['true']).status === 0;

let passed = 0;
/** One line per failure: the test (file:line and title), or the phase that failed without one. */
const failures = [];
/** Tests that failed, then passed on their retry. */
const flaky = [];
/** Passing tests that used more than half of their time limit. */
const nearLimit = [];
/** Wall time of each phase, in the order they ended. */
const times = [];
const started = Date.now();

const duration = (ms) =>
  `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;
const relative = (file) => path.relative(root, file);

/**
 * Runs one phase. Alone, its output streams through; beside others (`quiet`), it goes to a log
 * file printed in one block at the end of the phase.
 */
function run(label, command, args, { quiet = false, extraEnv = {}, background = false } = {}) {
  const begin = Date.now();
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}${quiet ? ' (output at its end)' : ''}`);
  const log = path.join(tmp, `${label}.log`);
  // A background phase yields the processor to the end-to-end run beside it (see the plan below).
  const [file, argv] = background && niceAvailable ? ['nice', ['-n', '5', command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(file, argv, {
      env: { ...env, ...extraEnv },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (quiet) {
      const out = createWriteStream(log);
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      child.on('close', () => out.end());
      out.on('close', () => {
        console.log(`\n=== ${label} (output)\n${readFileSync(log, 'utf8').trimEnd()}`);
        finish();
      });
    } else child.on('close', () => finish());
    let status = null;
    child.on('exit', (code) => (status = code));
    child.on('error', (error) => {
      console.log(`--- ${label}: ${error.message}`);
      status = -1;
    });
    function finish() {
      const ms = Date.now() - begin;
      const ok = status === 0;
      times.push({ label, ms, ok });
      console.log(`=== ${label} ${ok ? 'passed' : 'failed'} in ${duration(ms)}`);
      resolve(ok);
    }
  });
}

/** An error message without the terminal's colours. */
const withoutColours = (message) =>
  String(message ?? '').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');

/** The first line of an error message, without the terminal's colours. */
function firstLine(message) {
  return withoutColours(message).split('\n')[0];
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** typecheck, lint: a check is one test. */
async function check(label, command, args, options) {
  if (await run(label, command, args, options)) passed++;
  else failures.push(`${label} failed (see its output above)`);
}

/** One vitest project; its failures counted from the JSON report, each test once. */
async function vitest(project, options) {
  const out = path.join(tmp, `${project}.json`);
  // vitest's default on two cores is one file at a time; the integration passes wait on databases
  // and timers more than they compute, so two files each (VITEST_MAX_WORKERS to change it).
  const workers = process.env.VITEST_MAX_WORKERS || '2';
  const ok = await run(
    project,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      `--maxWorkers=${workers}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    options,
  );
  const report = readJson(out);
  if (!report) {
    failures.push(`${project}: vitest wrote no report (see its output above)`);
    return;
  }
  const before = failures.length;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    passed += tests.filter((t) => t.status === 'passed').length;
    const failedTests = tests.filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      const line = t.location?.line ? `:${t.location.line}` : '';
      failures.push(
        `${project}: ${relative(file.name)}${line} ${t.fullName}\n      ${firstLine(t.failureMessages?.[0])}`,
      );
    }
    // A file that failed with no failed test did not load, or failed in a hook: one failure.
    if (file.status === 'failed' && failedTests.length === 0) {
      const reason = firstLine(
        file.message || tests.find((t) => t.failureMessages?.length)?.failureMessages[0],
      );
      failures.push(`${project}: ${relative(file.name)} could not run${reason ? `: ${reason}` : ''}`);
    }
  }
  if (!ok && failures.length === before)
    failures.push(`${project}: vitest failed outside any test (unhandled error? see its output)`);
}

/**
 * Why a Playwright test failed, in a few lines CI's tail keeps: each error's first line, where in
 * the spec it stood, and, for a time-out, what the pending step was waiting for.
 */
function whyFailed(result, configDir) {
  const errors = result?.errors?.length ? result.errors : result?.error ? [result.error] : [];
  if (!errors.length) return `      ${result?.status ?? 'failed'}`;
  const lines = [];
  for (const error of errors.slice(0, 3)) {
    const at = error.location
      ? ` (at ${path.relative(root, path.resolve(configDir, error.location.file))}:${error.location.line})`
      : '';
    lines.push(`      ${firstLine(error.message)}${at}`);
    const text = withoutColours(error.message);
    const waiting = text.split('\n').find((line) => /waiting for|^\s*Locator:|Expected/.test(line));
    if (waiting) lines.push(`        ${waiting.trim()}`);
  }
  return lines.join('\n');
}

function* specsOf(suite) {
  for (const child of suite.suites ?? []) yield* specsOf(child);
  for (const spec of suite.specs ?? []) yield spec;
}

/** The end-to-end run; its failures and retried tests read from Playwright's JSON report. */
async function playwright(options) {
  const out = path.join(tmp, 'playwright.json');
  const ok = await run('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    ...options,
    extraEnv: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  const report = readJson(out);
  if (!report?.suites) {
    failures.push('e2e: Playwright wrote no report (see its output above)');
    return;
  }
  const before = failures.length;
  const configDir = report.config?.rootDir ?? path.join(root, 'e2e', 'specs');
  for (const topSuite of report.suites) {
    for (const spec of specsOf(topSuite)) {
      const where = `${path.relative(root, path.resolve(configDir, spec.file))}:${spec.line}`;
      for (const test of spec.tests) {
        const name = `${where} ${spec.title}`;
        const last = test.results?.at(-1);
        if (test.status === 'expected' || test.status === 'flaky') passed++;
        if (test.status === 'flaky') {
          const first = test.results.find((r) => r.status !== 'passed');
          flaky.push(`${name}\n      first try:\n${whyFailed(first, configDir)}`);
        }
        if (test.status === 'unexpected') failures.push(`e2e: ${name}\n${whyFailed(last, configDir)}`);
        if (test.status === 'expected' && last && test.timeout && last.duration > test.timeout / 2) {
          nearLimit.push(`${name}: ${Math.round(last.duration / 1000)} s of ${test.timeout / 1000} s`);
        }
      }
    }
  }
  for (const error of report.errors ?? []) failures.push(`e2e: ${firstLine(error.message ?? error)}`);
  if (!ok && failures.length === before)
    failures.push('e2e: Playwright failed outside any test (see its output)');
}

async function e2e(options) {
  // The browser e2e/browser.ts picks: CHROMIUM_PATH, else Debian's headless shell, else chromium.
  const browsers = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
  if (!browsers.some((file) => existsSync(file))) {
    failures.push(
      `e2e: no Chromium at ${browsers.join(' or ')} (apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH)`,
    );
    return;
  }
  if (!(await builtWebApps)) {
    failures.push('e2e: the web apps did not build (see "build" above)');
    return;
  }
  await playwright(options);
}

// Four streams side by side: the checks; unit then int-pglite; int-postgres; the web build then
// the end-to-end run (it serves the built apps). Alone, a phase streams its output.
//
// The end-to-end run is the one that waits on wall-clock time (a browser, a server, time limits
// per test), and on two cores the other streams would starve it: beside them, a page that loads
// in 3 s alone took 40 s. So the other streams run at a lower priority (nice 5): they take the
// processor whenever the browser and server wait, and the end-to-end run keeps the pace it has
// alone. Their own limits (20 s a unit test, 60 s an integration test) have room for that.
const plan = [
  wants('typecheck', 'lint') &&
    (async (quiet) => {
      const options = { quiet, background: quiet };
      if (wants('typecheck')) await check('typecheck', 'node', ['scripts/typecheck.mjs'], options);
      if (wants('lint')) await check('lint', 'npx', ['eslint', '.', '--max-warnings=0'], options);
    }),
  wants('unit', 'vitest', 'int') &&
    (async (quiet) => {
      const options = { quiet, background: quiet };
      if (wants('unit', 'vitest')) await vitest('unit', options);
      if (wants('int', 'vitest')) await vitest('int-pglite', options);
    }),
  wants('int', 'vitest') &&
    postgres &&
    ((quiet) => vitest('int-postgres', { quiet, background: quiet })),
  wants('e2e') &&
    (async (quiet) => {
      builtWebApps = run('build', 'npm', ['run', 'build'], { quiet });
      await e2e({ quiet });
    }),
].filter(Boolean);
let builtWebApps = Promise.resolve(false);
const alone = plan.length === 1 && only !== 'int' && only !== 'vitest';
await Promise.all(plan.map((stream) => stream(!alone)));

const total = Date.now() - started;
if (nearLimit.length) {
  console.log(
    `\n--- ${nearLimit.length} e2e tests passed using more than half of their time limit (give them room, or split them):`,
  );
  for (const line of nearLimit) console.log(`  ${line}`);
}
if (flaky.length) {
  console.log(`\n--- ${flaky.length} e2e tests passed only on their retry (counted as passed; fix them):`);
  for (const line of flaky) console.log(`  ${line}`);
}
if (failures.length) {
  console.log(`\n--- ${failures.length} failed:`);
  for (const line of failures) console.log(`  ${line}`);
}
console.log('\nWall time per phase:');
for (const { label, ms, ok } of times)
  console.log(`  ${label.padEnd(14)} ${duration(ms).padStart(8)}${ok ? '' : '  (failed)'}`);
console.log(`  ${'whole run'.padEnd(14)} ${duration(total).padStart(8)}`);
console.log(`\n${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
