import { chromium } from '@playwright/test';
import { startDemoServer } from '../src/inp.js';
const s = await startDemoServer(8619);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
const p = await ctx.newPage();
const cdp = await ctx.newCDPSession(p);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await p.goto(`${s.base}/my-car/login`);
await p.waitForTimeout(4000);
console.log(await p.evaluate(() => new Promise((res) => {
  const out: unknown[] = [];
  new (globalThis as any).PerformanceObserver((l: any) => { for (const e of l.getEntries()) out.push([e.entryType, e.name, Math.round(e.startTime), e.element?.tagName, (e.element?.textContent ?? '').slice(0, 40), e.size]); }).observe({ type: 'largest-contentful-paint', buffered: true });
  out.push(...(globalThis as any).performance.getEntriesByType('paint').map((e: any) => [e.name, Math.round(e.startTime)]));
  out.push(...(globalThis as any).performance.getEntriesByType('resource').map((e: any) => [e.name.split('/').pop().slice(0, 30), Math.round(e.startTime), Math.round(e.responseEnd)]));
  setTimeout(() => res(JSON.stringify(out)), 100);
})));
await b.close(); await s.stop();
