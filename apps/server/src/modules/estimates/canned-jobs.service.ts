import {
  AppError,
  cannedJobNameKey,
  errors,
  MAX_CANNED_JOBS,
  type CannedJob,
  type ZCannedJobInput,
} from '@servicebay/domain';
import type { z } from 'zod';
import type { CannedJobRow, CannedJobsRepository } from './canned-jobs.repository.js';

type JobInput = z.output<typeof ZCannedJobInput>;

/** A job as the API answers it. */
export function presentCannedJob(row: CannedJobRow): CannedJob {
  return {
    _id: row.id,
    name: row.name,
    labourHours: row.labourHours,
    parts: row.parts,
    fees: row.fees,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const nameTaken = (name: string) => new AppError(409, 'CONFLICT', `name: the store already has a canned job named "${name}"`);

const valuesOf = (body: JobInput) => ({
  name: body.name.replace(/\s+/g, ' '),
  nameKey: cannedJobNameKey(body.name),
  labourHours: body.labourHours,
  parts: body.parts,
  fees: body.fees,
});

/**
 * A store's canned jobs (docs/estimates.md "Canned jobs"): at most MAX_CANNED_JOBS, names unique
 * per store whatever their case. Every write takes the store's turn (lockStore) so the limit and
 * the names hold when two managers save at once.
 */
export function createCannedJobsService(repo: CannedJobsRepository) {
  return {
    async list(storeId: string): Promise<CannedJob[]> {
      return (await repo.list(storeId)).map(presentCannedJob);
    },

    async create(storeId: string, body: JobInput): Promise<CannedJob> {
      return repo.transaction(async (tx) => {
        await tx.lockStore(storeId);
        if ((await tx.count(storeId)) >= MAX_CANNED_JOBS) {
          throw errors.invalid(`cannedJobs: a store keeps at most ${MAX_CANNED_JOBS} canned jobs`);
        }
        const values = valuesOf(body);
        if (await tx.nameTaken(storeId, values.nameKey)) throw nameTaken(values.name);
        return presentCannedJob(await tx.insert(storeId, values));
      });
    },

    async update(storeId: string, id: string, body: JobInput): Promise<CannedJob> {
      return repo.transaction(async (tx) => {
        await tx.lockStore(storeId);
        const values = valuesOf(body);
        if (await tx.nameTaken(storeId, values.nameKey, id)) throw nameTaken(values.name);
        const row = await tx.update(storeId, id, values);
        if (!row) throw errors.notFound();
        return presentCannedJob(row);
      });
    },

    async remove(storeId: string, id: string): Promise<void> {
      if (!(await repo.delete(storeId, id))) throw errors.notFound();
    },

    /** Registrar resolver: the store of a cannedJobId. */
    jobStore: (id: string) => repo.jobStore(id),
  };
}
export type CannedJobsService = ReturnType<typeof createCannedJobsService>;
