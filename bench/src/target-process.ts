// One scenario's server, in a process of its own so that autocannon (in the parent) does not
// share its event loop. Started by run.ts with an IPC channel:
//   child -> parent  { type: 'ready', port, request } | { type: 'failed', message }
//   parent -> child  { type: 'stop' }   (the child closes everything and exits)
import type { BenchRequest, Target } from './scenario.js';
import { scenarios } from './scenarios.js';

export type ChildMessage =
  { type: 'ready'; port: number; request: BenchRequest } | { type: 'failed'; message: string };
export type ParentMessage = { type: 'stop' };

const send = (message: ChildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) return resolve();
    process.send(message, () => resolve());
  });

const id = process.env.BENCH_SCENARIO;
const scenario = scenarios.find((s) => s.id === id);
let target: Target | undefined;

async function stop(code: number): Promise<never> {
  try {
    await target?.close();
  } catch (error) {
    console.error(`[${id}] closing failed:`, error);
    code = 1;
  }
  process.exit(code);
}

// The parent went away (crashed or interrupted): never outlive it.
process.on('disconnect', () => void stop(1));
process.on('message', (message: ParentMessage) => {
  if (message.type === 'stop') void stop(0);
});

try {
  if (!scenario) throw new Error(`no scenario ${id}`);
  target = await scenario.start({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? '',
    workDir: process.env.BENCH_WORK_DIR ?? '',
    datasetUrl: process.env.BENCH_DATASET_URL ?? '',
  });
  await target.app.listen({ host: '127.0.0.1', port: 0 });
  const address = target.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
  await send({ type: 'ready', port: address.port, request: target.request });
} catch (error) {
  await send({
    type: 'failed',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  await stop(1);
}
