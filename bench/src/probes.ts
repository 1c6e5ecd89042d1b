import { argon2Probe } from './probes/argon2.js';
import { customersExplainProbe } from './probes/customers-explain.js';
import { ordersExplainProbe } from './probes/orders-explain.js';
import { textingExplainProbe } from './probes/texting-explain.js';
import { vinDecodeProbe } from './probes/vin.js';
import { pictureVariantsProbe, videoMemoryProbe } from './probes/inspections.js';
import { defineProbe, type Probe } from './scenario.js';

/**
 * Measurements that are not HTTP loads, run after the scenarios, each in a process of its own,
 * and recorded in the same RESULTS.md section in a table of their own. Ids are unique across
 * scenarios and probes (BENCH_ONLY selects both).
 */
export const probes: readonly Probe[] = [
  defineProbe({
    id: 'argon2',
    title: "argon2 hashes and verifications per second, with the server's settings",
    run: argon2Probe,
  }),
  defineProbe({
    id: 'vin-decode-service',
    title: "the server's decodeVin called directly, after warm-up",
    group: 'customers',
    run: vinDecodeProbe,
  }),
  defineProbe({
    id: 'customers-explain',
    title: 'EXPLAIN (ANALYZE, BUFFERS) of the search and vehicle list, 10k vs 1M customers',
    group: 'customers',
    dataset: 'customers',
    run: customersExplainProbe,
  }),
  defineProbe({
    id: 'orders-explain',
    title: "EXPLAIN (ANALYZE, BUFFERS) of the dashboard's list and count, 10k vs 1M orders",
    group: 'orders',
    dataset: 'orders',
    run: ordersExplainProbe,
  }),
  defineProbe({
    id: 'texting-explain',
    title: 'EXPLAIN (ANALYZE, BUFFERS) of the conversation list and unread counts, 1k vs 100k texts',
    group: 'texting',
    runDatabase: true,
    run: textingExplainProbe,
  }),
  defineProbe({
    id: 'inspection-picture',
    title: 'a 12-megapixel JPEG posted to an inspection result: turned, resized into its variants, stored',
    group: 'inspections',
    run: pictureVariantsProbe,
  }),
  defineProbe({
    id: 'inspection-video-memory',
    title: "a 50 MB video posted to an inspection result over a socket: the server's memory growth",
    group: 'inspections',
    run: videoMemoryProbe,
  }),
];
