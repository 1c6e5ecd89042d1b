/**
 * What each step of issue 27 saves a signed-in request, measured apart from the HTTP load (so the
 * figures hold on a busy machine: both sides of each row run in the same process, one after the
 * other): verifying an access token through jose and through node:crypto's HMAC, writing an answer
 * through zod's parse and JSON.stringify and through the compiled serializer, and signing the
 * URLs of a page's pictures with and without the signer's kept signatures. The answers are real:
 * the bench's scenarios' own, read from a ServiceBay on PGlite.
 *
 *   node --import tsx bench/src/hot-path-steps.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createSecretKey, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';
import {
  fillPath,
  getReportRoute,
  listRepairOrdersRoute,
  listResultsRoute,
  type AnyRoute,
} from '@servicebay/domain';
import { createTokenService, verifyHs256 } from '../../apps/server/src/platform/auth/tokens.js';
import { createUrlSigner } from '../../apps/server/src/platform/files/url-signer.js';
import { compileResponse } from '../../apps/server/src/platform/http/response-serializer.js';
import { bearer } from '../../apps/server/test/factories.js';
import { orderWithResults } from './targets/inspections.js';
import { reportViewTarget } from './targets/reports.js';
import { startServiceBay } from './targets/servicebay.js';

/** Microseconds per call of `fn`, the best of five rounds of `n` calls (after a warm-up round). */
async function usPerCall(n: number, fn: () => unknown): Promise<number> {
  let best = Infinity;
  for (let round = 0; round < 6; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await fn();
    const us = Number(process.hrtime.bigint() - start) / 1000 / n;
    if (round > 0) best = Math.min(best, us);
  }
  return best;
}

const rows: string[] = [];
const row = (step: string, before: string, beforeUs: number, after: string, afterUs: number) =>
  rows.push(`| ${step} | ${before} | ${beforeUs.toFixed(1)} | ${after} | ${afterUs.toFixed(1)} | ${(beforeUs / afterUs).toFixed(1)}× |`);

// Access tokens.
const secret = new TextEncoder().encode('bench-secret-of-at-least-32-characters!!');
const key = createSecretKey(secret);
const tokens = createTokenService(secret, 3600);
const token = await tokens.signAccess({
  id: randomUUID(),
  type: 'ServiceAdvisor',
  username: 'advisor',
  storeId: randomUUID(),
  accountId: randomUUID(),
  partnerId: null,
  customerId: null,
  isUserOfInactiveStore: false,
});
row(
  'verify an access token',
  'jose jwtVerify (WebCrypto)',
  await usPerCall(2000, () => jwtVerify(token, key, { issuer: 'servicebay', algorithms: ['HS256'] })),
  'node:crypto HMAC (verifyHs256)',
  await usPerCall(2000, () => verifyHs256(token, key)),
);

// Answers.
const workDir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-steps-'));
const env = { databaseUrl: '', workDir, datasetUrl: '' };
const sb = await startServiceBay(env, 'pglite');
const report = await reportViewTarget({ ...env, workDir: mkdtempSync(path.join(os.tmpdir(), 'servicebay-steps-')) }, 'pglite');
try {
  const answers: Array<[string, AnyRoute, unknown]> = [];
  const { store, order, headers } = await orderWithResults(sb);
  const get = async (app: typeof sb.app, url: string, h: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers: h });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return JSON.parse(res.body) as unknown;
  };
  answers.push([
    'the 150 results of an inspection, grouped',
    listResultsRoute,
    await get(sb.app, `${fillPath(listResultsRoute.path, { storeId: store.id, inspectionOrderId: order.id })}?grouped=true`, headers),
  ]);
  answers.push(["the customer's report (10 items, 20 pictures, estimate)", getReportRoute, await get(report.app, report.request.path)]);
  const advisor = await sb.make.user('ServiceAdvisor', store);
  for (let i = 0; i < 10; i++) {
    const customer = await sb.make.customer(store, { firstName: `First${i}`, lastName: `Last${i}` });
    const vehicle = await sb.make.vehicle(store, { householdId: customer.householdId, make: 'Ford', model: 'Transit', year: 2020 });
    await sb.make.inspectionOrder(store, { customerId: customer.id, vehicleId: vehicle.id, orderNumber: String(1000 + i) });
  }
  answers.push([
    "the dashboard's page of 10 orders",
    listRepairOrdersRoute,
    await get(sb.app, `${fillPath(listRepairOrdersRoute.path, { storeId: store.id })}?page=0&size=10`, await bearer(sb.platform.tokens, advisor)),
  ]);
  if (process.env.STEPS_DUMP) writeFileSync(process.env.STEPS_DUMP, JSON.stringify(answers.map(([w, r, a]) => [w, r.id, a])));
  for (const [what, route, answer] of answers) {
    const schema = route.response!;
    const serialize = compileResponse(schema)!;
    const bytes = JSON.stringify(answer).length;
    row(
      `write ${what} (${(bytes / 1024).toFixed(0)} KB)`,
      'zod parse + JSON.stringify',
      await usPerCall(200, () => JSON.stringify(schema.parse(answer))),
      'compiled serializer',
      await usPerCall(200, () => serialize(answer)),
    );
  }
} finally {
  await report.close();
  await sb.close();
  rmSync(workDir, { recursive: true, force: true });
}

// Signed URLs: a page of 150 results with a picture each, five URLs a picture.
const keys = Array.from({ length: 150 }, () => randomUUID());
const signer = createUrlSigner(secret);
const fresh = () => createUrlSigner(secret);
row(
  'sign the 750 URLs of 150 pictures',
  'a new HMAC each',
  await usPerCall(20, () => {
    const s = fresh();
    for (const k of keys) for (let u = 0; u < 5; u++) s.sign(`${k.slice(0, -1)}${u}`);
  }),
  'kept per key and expiry',
  await usPerCall(20, () => {
    for (const k of keys) for (let u = 0; u < 5; u++) signer.sign(`${k.slice(0, -1)}${u}`);
  }),
);

console.log('| step | before | µs | after | µs | gain |');
console.log('|---|---|---:|---|---:|---:|');
for (const r of rows) console.log(r);
