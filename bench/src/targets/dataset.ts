import { eq } from 'drizzle-orm';
import { users } from '../../../apps/server/src/platform/db/schema/users.js';
import { bearer } from '../../../apps/server/test/factories.js';
import { BENCH_STORE, benchIds } from '../datasets.js';
import type { BenchEnv, BenchRequest } from '../scenario.js';
import { startServiceBay, type ServiceBay } from './servicebay.js';

/**
 * The server as `npm start` builds it, on the large data set (bench/src/datasets.ts), with a
 * bearer token of one of the bench store's users (user 1: a ServiceAdvisor).
 */
export async function onDataset(
  env: BenchEnv,
  user = 1,
): Promise<{ sb: ServiceBay; storeId: string; headers: Record<string, string> }> {
  if (!env.datasetUrl) throw new Error('no data set: the scenario must name one');
  const sb = await startServiceBay({ ...env, databaseUrl: env.datasetUrl }, 'postgres');
  try {
    const storeId = benchIds.store(BENCH_STORE);
    return { sb, storeId, headers: await tokenOf(sb, benchIds.user(BENCH_STORE, user)) };
  } catch (error) {
    await sb.close();
    throw error;
  }
}

/** The bearer header of a user of the data set. */
export async function tokenOf(sb: ServiceBay, userId: string): Promise<Record<string, string>> {
  const [user] = await sb.platform.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`the data set has no user ${userId}`);
  return bearer(sb.platform.tokens, user);
}

/** A request that each connection sends over these paths in turn. */
export function rotating(paths: string[], headers: Record<string, string>): BenchRequest {
  const [first, ...more] = paths;
  return { path: first!, morePaths: more, headers };
}
