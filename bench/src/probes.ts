import { argon2Probe } from './probes/argon2.js';
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
];
