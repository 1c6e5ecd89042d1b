import { randomUUID } from 'node:crypto';
import { fillPath, getReportRoute } from '@servicebay/domain';
import { createInspectionsRepository } from '../../../apps/server/src/modules/inspections/inspections.repository.js';
import { estimateLines, estimates } from '../../../apps/server/src/modules/estimates/estimates.schema.js';
import type { BenchEnv, Engine, Target } from '../scenario.js';
import { startServiceBay } from './servicebay.js';

const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';

/** A report as a customer receives it: ten items of the multi-point inspection, 20 pictures, an estimate. */
const ITEMS: Array<[string, string, string, 'okay' | 'warning' | 'critical']> = [
  ['brakes', 'front', 'frontRotors', 'critical'],
  ['brakes', 'rear', 'rearRotors', 'warning'],
  ['underHood', 'fluids', 'engineOil', 'warning'],
  ['underHood', 'fluids', 'coolant', 'critical'],
  ['underHood', 'fluids', 'brakeFluid', 'warning'],
  ['brakes', 'front', 'frontBrakePads', 'okay'],
  ['brakes', 'rear', 'rearBrakePads', 'okay'],
  ['lighting', 'lights', 'headlights', 'okay'],
  ['lighting', 'visibility', 'wiperBlades', 'okay'],
  ['tires', 'tread', 'treadLeftFront', 'okay'],
];

/**
 * `GET /v2/api/report/{id}?t=` with a report link, as the customer's phone asks it: the order,
 * its results with texts in the report's language, 20 pictures' signed URLs (two per item), the
 * estimate's lines and totals, and the reading status written (docs/reports.md).
 */
export async function reportViewTarget(env: BenchEnv, engine: Engine): Promise<Target> {
  const sb = await startServiceBay(env, engine);
  const store = await sb.make.store();
  const order = await sb.make.inspectionOrder(store, {
    inspectionType: MULTI_POINT_INSPECTION_ID,
    orderNumber: '5150',
    mileageIn: 61000,
  });
  const db = sb.platform.database.db;
  const repo = createInspectionsRepository(db);
  const [estimate] = await db
    .insert(estimates)
    .values({
      storeId: store.id,
      inspectionOrderId: order.id,
      currency: 'USD',
      labourRate: 12000,
      taxes: [{ name: 'Tax', ratePercent: 10, onLabour: true, onParts: true, onFees: false }],
    })
    .returning();
  let rank = 0;
  for (const [groupKey, sectionKey, itemKey, result] of ITEMS) {
    const row = await repo.insertResult({
      storeId: store.id,
      inspectionOrderId: order.id,
      groupKey,
      sectionKey,
      itemKey,
      rank: rank++,
      result,
      finding: result === 'okay' ? 'good' : result === 'warning' ? 'worn' : 'failed',
      recommendation: result === 'okay' ? null : result === 'warning' ? 'monitor' : 'replace',
    });
    for (let n = 0; n < 2; n++) {
      await repo.insertMedia({
        storeId: store.id,
        resultId: row.id,
        kind: 'picture',
        name: `picture-${rank}-${n}.jpg`,
        fileKey: randomUUID(),
        originalKey: randomUUID(),
        galleryKey: randomUUID(),
        phoneKey: randomUUID(),
        contentType: 'image/jpeg',
        size: 300_000,
      });
    }
    if (result !== 'okay') {
      await db.insert(estimateLines).values({
        storeId: store.id,
        estimateId: estimate!.id,
        resultId: row.id,
        description: itemKey,
        labourHours: 1.5,
        parts: [{ number: 'P-1', description: 'Part', quantity: 2, unitPrice: 4500 }],
        rank,
      });
    }
  }
  const { token } = await (await import('../../../apps/server/src/modules/index.js'))
    .buildServices(sb.platform)
    .reportLinks.issue(store.id, order.id, null);
  return {
    app: sb.app,
    request: {
      path: `${fillPath(getReportRoute.path, { inspectionOrderId: order.id })}?t=${encodeURIComponent(token)}`,
    },
    close: sb.close,
  };
}
