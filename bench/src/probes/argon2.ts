import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../../../apps/server/src/platform/auth/passwords.js';
import type { ProbeOptions, ProbeResult, ProbeRow } from '../scenario.js';
import { percentile } from '../stats.js';

const PASSWORD = 'Bench-password-1!';

/** argon2's cost, as the PHC string of a hash states it: `$argon2id$v=19$m=19456,t=2,p=1$...`. */
export interface Argon2Cost {
  variant: string;
  version: number;
  /** KiB. */
  memory: number;
  passes: number;
  lanes: number;
}

export function costOf(phc: string): Argon2Cost {
  const match = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  if (!match) throw new Error(`not an argon2 PHC string: ${phc.slice(0, 40)}`);
  const [, variant, version, memory, passes, lanes] = match;
  return {
    variant: variant!,
    version: Number(version),
    memory: Number(memory),
    passes: Number(passes),
    lanes: Number(lanes),
  };
}

/**
 * OWASP's Password Storage Cheat Sheet: argon2id with at least 19 MiB, 2 passes and 1 lane, or one
 * of the settings it lists as equally strong (more memory for fewer passes, or the reverse).
 */
const OWASP_ARGON2ID = [
  { memory: 47_104, passes: 1 },
  { memory: 19_456, passes: 2 },
  { memory: 12_288, passes: 3 },
  { memory: 9_216, passes: 4 },
  { memory: 7_168, passes: 5 },
] as const;

export function meetsOwaspMinimum(cost: Argon2Cost): boolean {
  return (
    cost.variant === 'argon2id' &&
    cost.lanes >= 1 &&
    OWASP_ARGON2ID.some((min) => cost.memory >= min.memory && cost.passes >= min.passes)
  );
}

/**
 * Runs `operation` with `inFlight` calls at once for `seconds`: each worker starts a new call while
 * the window is open, so the rate is the calls completed over the time until the last one ended.
 */
async function timed(
  operation: () => Promise<unknown>,
  inFlight: number,
  seconds: number,
): Promise<{ perSecond: number; p50: number; p99: number; total: number }> {
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  let last = start;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await operation();
        last = performance.now();
        latencies.push(last - t0);
      }
    }),
  );
  const sorted = Float64Array.from(latencies).sort();
  return {
    perSecond: latencies.length / ((last - start) / 1000),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    total: latencies.length,
  };
}

/**
 * Hashes and verifies with the server's own functions (apps/server/src/platform/auth/passwords.ts),
 * so the figures follow its settings: one at a time (what one login waits for), then one per core
 * at once (what the machine can do; @node-rs/argon2 runs on libuv's thread pool, 4 threads).
 */
export async function argon2Probe(options: ProbeOptions): Promise<ProbeResult> {
  const stored = await hashPassword(PASSWORD);
  const cost = costOf(stored);
  const hash = () => hashPassword(PASSWORD);
  const verify = async () => {
    if (!(await verifyPassword(stored, PASSWORD)))
      throw new Error('verifyPassword refused the right password');
  };
  const cores = os.cpus().length;
  const plan: Array<{ id: string; what: string; operation: () => Promise<unknown>; inFlight: number }> = [
    { id: 'argon2-hash', what: 'hashPassword, one at a time', operation: hash, inFlight: 1 },
    {
      id: 'argon2-verify',
      what: 'verifyPassword (right password), one at a time',
      operation: verify,
      inFlight: 1,
    },
  ];
  if (cores > 1) {
    plan.push(
      {
        id: 'argon2-hash-cores',
        what: `hashPassword, ${cores} at once (one per core)`,
        operation: hash,
        inFlight: cores,
      },
      {
        id: 'argon2-verify-cores',
        what: `verifyPassword, ${cores} at once (one per core)`,
        operation: verify,
        inFlight: cores,
      },
    );
  }
  const rows: ProbeRow[] = [];
  for (const step of plan) {
    if (options.warmup) await timed(step.operation, step.inFlight, options.warmup);
    rows.push({
      id: step.id,
      what: step.what,
      ...(await timed(step.operation, step.inFlight, options.duration)),
    });
  }
  const mib = cost.memory / 1024;
  const settings = `${cost.variant}, m=${cost.memory} KiB (${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB), t=${cost.passes}, p=${cost.lanes}, version ${cost.version}`;
  return {
    rows,
    notes: [
      `argon2 cost: ${settings}, read from a hash made by the server's \`hashPassword\`.`,
      meetsOwaspMinimum(cost)
        ? "This meets OWASP's argon2id minimum (19 MiB of memory, 2 iterations, 1 degree of parallelism, or an equivalent setting of its Password Storage Cheat Sheet)."
        : "⚠ This is below OWASP's argon2id minimum (19 MiB of memory, 2 iterations, 1 degree of parallelism, or an equivalent setting of its Password Storage Cheat Sheet).",
    ],
  };
}
