/**
 * Where a portal page's main thread goes while it loads, for the Lighthouse goals
 * (lighthouse-report.ts): a diagnosis, not a score.
 *
 *   npm run build && node --import tsx bench/src/portal-profile.ts [port] [pages] [runs]
 *
 * Opens each page of portal-pages.ts (login, Jane's dashboard, the report) as a 390x844 phone with
 * the CPU slowed 4x (as Lighthouse's mobile run) and an empty cache, samples the JavaScript
 * profiler from navigation until the page has been quiet for two seconds, and prints per page: the
 * long tasks (over 50 ms at 4x, as Total Blocking Time counts them) with their blocking time, and
 * the self time by script file and by function, so a change is aimed at what costs. With
 * `PROFILE_SOURCEMAPS` naming a folder of the same build's maps (`npx vite build --sourcemap
 * --outDir /tmp/portal-maps` in apps/portal), functions are named by their source file and line.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumArgs, chromiumPath } from '../../e2e/browser.js';
import { ensureBuilt, startDemoServer } from './inp.js';
import { portalPagesOf, reportWithPictures, signInJane } from './portal-pages.js';

const port = Number(process.argv[2] ?? 8197);
const pages = portalPagesOf(process.argv[3]);
const runs = Number(process.argv[4] ?? 1);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

interface Globals {
  __longTasks: Array<{ start: number; duration: number }>;
  __markerAt: number | null;
  performance: { getEntriesByType(type: string): Array<{ name: string; startTime: number }> };
  localStorage: { clear(): void };
}

/**
 * Records long tasks from the very start of the document, and runs a marker function for a few
 * milliseconds at a known moment, so the profiler's clock can be set against the page's.
 */
const OBSERVE_LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.__markerAt = null;
  function __profileMarker() {
    const t = performance.now();
    window.__markerAt = t;
    while (performance.now() - t < 3) {}
  }
  __profileMarker();
})();`;

function fileOf(url: string): string {
  if (!url) return '(native)';
  const name = url.split('/').pop()!.split('?')[0]!;
  return name.replace(/-[\w-]{8}\.js$/, '.js');
}

const mapsDir = process.env.PROFILE_SOURCEMAPS;
const consumers = new Map<string, SourceMapConsumer | null>();

/** The source file and line of a minified position, when the build's map is at hand. */
function original(url: string, line: number, column: number): string | null {
  if (!mapsDir || !url || line < 0) return null;
  const file = url.split('/').pop()!.split('?')[0]!;
  if (!consumers.has(file)) {
    const map = path.join(mapsDir, `${file}.map`);
    consumers.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8')) as never) : null);
  }
  const found = consumers.get(file)?.originalPositionFor({ line: line + 1, column });
  if (!found?.source) return null;
  const source = found.source.replace(/.*node_modules\//, '').replace(/.*\/(packages|apps)\//, '');
  return `${found.name ?? '?'} ${source}:${found.line}`;
}

/** The package (or the app's folder) a source file belongs to. */
function packageOf(fn: string): string {
  const source = fn.split(' ')[1] ?? '';
  const parts = source.split('/');
  if (!source.includes('/')) return '(native or unmapped)';
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0] === 'portal' || parts[0] === 'ui' || parts[0] === 'web-core' || parts[0] === 'domain' ? `${parts[0]}/${parts[2] ?? ''}` : parts[0]!;
}

function selfTimes(profile: Profile): { byFile: Map<string, number>; byFunction: Map<string, number>; byPackage: Map<string, number>; total: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    total += ms;
    const file = fileOf(url);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const fn = original(url, lineNumber, columnNumber) ?? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    const pkg = packageOf(fn);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  });
  return { byFile, byFunction, byPackage, total };
}

/**
 * What each long task spent its time on, by package: the profile's samples placed on the page's
 * clock by the marker function's first sample.
 */
function taskBreakdown(profile: Profile, tasks: Array<{ start: number; duration: number }>, markerAt: number | null): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let clock = profile.startTime;
  const samples = profile.samples.map((id, i) => {
    clock += profile.timeDeltas[i] ?? 0;
    return { node: byId.get(id)!, at: clock / 1000 };
  });
  const marker = samples.find((s) => s.node.callFrame.functionName === '__profileMarker');
  if (!marker || markerAt === null) return ['(no marker sample: tasks not broken down)'];
  const offset = marker.at - markerAt;
  return tasks
    .filter((t) => t.duration > 50)
    .map((t) => {
      const within = new Map<string, number>();
      for (const s of samples) {
        const at = s.at - offset;
        if (at < t.start || at > t.start + t.duration) continue;
        const { functionName, url, lineNumber, columnNumber } = s.node.callFrame;
        if (functionName === '(idle)') continue;
        const fn = original(url, lineNumber, columnNumber) ?? `${functionName || '(anonymous)'} ${fileOf(url)}`;
        const pkg = functionName === '(program)' ? '(program: parse, compile, layout, style)' : packageOf(fn) === '(native or unmapped)' ? fn : packageOf(fn);
        within.set(pkg, (within.get(pkg) ?? 0) + 0.2);
      }
      const parts = [...within].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k} ${v.toFixed(0)}`);
      return `  ${t.start.toFixed(0)}+${t.duration.toFixed(0)} ms: ${parts.join(', ')}`;
    });
}

const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
    .join('\n');

async function quiet(page: Page, ms: number): Promise<void> {
  // Quiet: no new long task and no request for `ms`.
  let last = Date.now();
  const touch = () => (last = Date.now());
  page.on('request', touch);
  page.on('requestfinished', touch);
  let seen = 0;
  for (;;) {
    await page.waitForTimeout(250);
    const count = await page.evaluate(() => (globalThis as unknown as Globals).__longTasks.length);
    if (count !== seen) {
      seen = count;
      touch();
    }
    if (Date.now() - last > ms) break;
  }
  page.off('request', touch);
  page.off('requestfinished', touch);
}

async function profilePage(cdp: CDPSession, page: Page, url: string) {
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await quiet(page, 2000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const tasks = await page.evaluate(() => (globalThis as unknown as Globals).__longTasks);
  const markerAt = await page.evaluate(() => (globalThis as unknown as Globals).__markerAt);
  const paints = await page.evaluate(() =>
    (globalThis as unknown as Globals).performance.getEntriesByType('paint').map((p: { name: string; startTime: number }) => `${p.name} ${p.startTime.toFixed(0)} ms`),
  );
  return { profile, tasks, markerAt, paints, wall: Date.now() - t0 };
}

async function main() {
  ensureBuilt('portal');
  const server = await startDemoServer(port);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const reportUrl = pages.includes('report') ? await reportWithPictures(server.base) : '';
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await context.addInitScript(OBSERVE_LONG_TASKS);
    for (const name of pages) {
      for (let run = 0; run < runs; run++) {
        const page = await context.newPage();
        let url = name === 'login' ? `${server.base}/my-car/login` : reportUrl;
        if (name === 'dashboard') url = await signInJane(page, server.base);
        if (name === 'login') await page.evaluate(() => (globalThis as unknown as Globals).localStorage.clear()).catch(() => {});
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const { profile, tasks, markerAt, paints, wall } = await profilePage(cdp, page, url);
        const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
        const { byFile, byFunction, byPackage, total } = selfTimes(profile);
        console.log(`\n## ${name} (run ${run + 1}), ${wall} ms to quiet; ${paints.join(', ')}`);
        console.log(`long tasks (4x): ${tasks.length}, blocking ${blocking.toFixed(0)} ms: ${tasks.map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(', ')}`);
        console.log(`long tasks by what they ran (ms at 4x, sampled):\n${taskBreakdown(profile, tasks, markerAt).join('\n')}`);
        console.log(`script self time (4x): ${total.toFixed(0)} ms\nby file:\n${top(byFile, 12)}\nby package:\n${top(byPackage, 15)}\nby function:\n${top(byFunction, 25)}`);
        await cdp.detach();
        await page.close();
      }
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
