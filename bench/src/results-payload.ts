/**
 * Bytes of `GET .../inspectionOrder/{id}/result` for the bench's 150-item inspection
 * (targets/inspections.ts: a result for every item), flat and with `grouped=true`, as sent and
 * gzipped. Not a timed measurement: the payload's size, recorded in bench/RESULTS.md.
 *
 *   node --import tsx bench/src/results-payload.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fillPath, listResultsRoute } from '@servicebay/domain';
import { orderWithResults, RESULT_ITEMS } from './targets/inspections.js';
import { startServiceBay } from './targets/servicebay.js';

const workDir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-payload-'));
const sb = await startServiceBay({ databaseUrl: '', workDir, datasetUrl: '' }, 'pglite');
try {
  const { store, order, headers } = await orderWithResults(sb);
  const url = fillPath(listResultsRoute.path, { storeId: store.id, inspectionOrderId: order.id });
  console.log(`| query | results | bytes | gzip bytes |`);
  console.log(`|---|---:|---:|---:|`);
  for (const query of ['', '?grouped=true']) {
    const res = await sb.app.inject({ method: 'GET', url: `${url}${query}`, headers });
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    const body = res.rawPayload;
    const count = (JSON.parse(res.body) as { results: unknown[] }).results.length;
    if (count !== RESULT_ITEMS) throw new Error(`${count} results, expected ${RESULT_ITEMS}`);
    console.log(`| \`${query || '(none)'}\` | ${count} | ${body.length} | ${gzipSync(body).length} |`);
  }
} finally {
  await sb.close();
  rmSync(workDir, { recursive: true, force: true });
}
