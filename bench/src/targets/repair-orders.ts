import { randomBytes } from 'node:crypto';
import {
  countRepairOrdersRoute,
  fillPath,
  listRepairOrdersRoute,
  topics,
  updateRepairOrderRoute,
} from '@servicebay/domain';
import { BENCH_STORE, benchIds } from '../datasets.js';
import type { BenchEnv, Target } from '../scenario.js';
import { onDataset, tokenOf } from './dataset.js';
import type { FanOutPlan } from './fanout.js';

/**
 * The dashboard's default list as the staff app asks it (dashboardFilterQuery, allVehicles): open
 * orders in the shop, by RO number descending, 10 a page.
 */
export const DASHBOARD_QUERY = 'page=0&size=10&sorting=orderNumber,desc&vehicleInShop=true&closed=false';
/** Its counter: the order count defaults to the vehicles in the shop. */
export const COUNT_QUERY = 'vehicleInShop=true';

/** The bench store's orders: order k of store s, as bench/sql/orders.sql names them. */
export const orderId = (s: number, k: number) => benchIds.order(s, k);

/** An open order in the shop of the bench store (the newest 40 are open, the last 10 appointments). */
export const FAN_OUT_ORDER = 970;

/** `GET /v2/api/store/{s}/inspectionOrder?page=0&size=10&sorting=orderNumber,desc&vehicleInShop=true` as an advisor. */
export async function dashboardListTarget(env: BenchEnv): Promise<Target> {
  const { sb, storeId, headers } = await onDataset(env);
  return {
    app: sb.app,
    request: { path: `${fillPath(listRepairOrdersRoute.path, { storeId })}?${DASHBOARD_QUERY}`, headers },
    close: sb.close,
  };
}

/** `GET /v2/api/store/{s}/inspectionOrder/count?vehicleInShop=true` as an advisor. */
export async function dashboardCountTarget(env: BenchEnv): Promise<Target> {
  const { sb, storeId, headers } = await onDataset(env);
  return {
    app: sb.app,
    request: { path: `${fillPath(countRepairOrdersRoute.path, { storeId })}?${COUNT_QUERY}`, headers },
    close: sb.close,
  };
}

/** Dashboards open in the store, and the updates sent to one order. */
export const FAN_OUT_SOCKETS = 1000;
export const FAN_OUT_UPDATES = 20;

/**
 * The server on the large data set; the driver (targets/fanout.ts) opens the dashboards' sockets
 * with the tokens of the bench store's five users (manager, advisors, technicians) and changes
 * the order's note through `PUT .../inspectionOrder/{id}` as an advisor, one update at a time.
 */
export async function fanOutTarget(env: BenchEnv): Promise<Target> {
  const { sb, storeId, headers } = await onDataset(env);
  const tokens: string[] = [];
  for (let u = 0; u < 5; u++) {
    const header = await tokenOf(sb, benchIds.user(BENCH_STORE, u));
    tokens.push(header.authorization!.replace(/^Bearer /, ''));
  }
  const inspectionOrderId = orderId(BENCH_STORE, FAN_OUT_ORDER);
  const run = randomBytes(3).toString('hex');
  const values = Array.from({ length: FAN_OUT_UPDATES }, (_, i) => `Bench fan-out ${run} #${i + 1}`);
  const path = fillPath(updateRepairOrderRoute.path, { storeId, inspectionOrderId });
  const plan: FanOutPlan = {
    tokens,
    topic: topics.store(storeId).inspectionOrdersUpdated,
    sockets: FAN_OUT_SOCKETS,
    orderId: inspectionOrderId,
    field: 'note',
    values,
    updates: values.map((note) => ({
      method: updateRepairOrderRoute.method as 'PUT',
      path,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ note }),
    })),
  };
  return {
    app: sb.app,
    // The preflight: the order is there and readable.
    request: { path, headers, data: plan as unknown as Record<string, unknown> },
    close: sb.close,
  };
}
