// One probe (a measurement that is not an HTTP load), in a process of its own so that nothing
// else runs on its event loop or thread pool. Started by run.ts with an IPC channel:
//   child -> parent  { type: 'result', result } | { type: 'failed', message }
//   parent -> child  { type: 'stop' }   (the child exits at once)
import type { ProbeResult } from './scenario.js';
import { probes } from './probes.js';

export type ProbeMessage = { type: 'result'; result: ProbeResult } | { type: 'failed'; message: string };

const send = (message: ProbeMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) return resolve();
    process.send(message, () => resolve());
  });

// The parent went away (crashed or interrupted) or asks to stop: never outlive it.
process.on('disconnect', () => process.exit(1));
process.on('message', () => process.exit(0));

const id = process.env.BENCH_PROBE;
try {
  const probe = probes.find((p) => p.id === id);
  if (!probe) throw new Error(`no probe ${id}`);
  const result = await probe.run({
    duration: Number(process.env.BENCH_PROBE_DURATION),
    warmup: Number(process.env.BENCH_PROBE_WARMUP),
    datasets: {
      large: process.env.BENCH_DATASET_URL ?? '',
      small: process.env.BENCH_DATASET_SMALL_URL ?? '',
    },
    runDatabase: process.env.BENCH_RUN_DATABASE_URL ?? '',
  });
  await send({ type: 'result', result });
  process.exit(0);
} catch (error) {
  await send({
    type: 'failed',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  process.exit(1);
}
