import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import type { Role } from '../roles.js';
import { ZCannedJob, ZCannedJobInput } from '../estimates/canned-jobs.js';
import { ESTIMATE_WRITE_ROLES } from './estimates.js';
import { STORE_ADMIN_ROLES } from './store-users.js';

/**
 * A store's canned jobs (docs/estimates.md "Canned jobs"): kept by the people who manage the
 * store's settings, read by everyone who writes estimates.
 */

/** Who adds, changes and removes canned jobs: the store's managers and those above them. */
export const CANNED_JOB_WRITE_ROLES: readonly Role[] = STORE_ADMIN_ROLES;
/** Who reads them: whoever writes estimates, and whoever keeps the list. */
export const CANNED_JOB_READ_ROLES: readonly Role[] = [...new Set([...ESTIMATE_WRITE_ROLES, ...STORE_ADMIN_ROLES])];

const base = '/v2/api/store/:storeId/cannedJob';
const storeParams = z.strictObject({ storeId: ZId });
const jobParams = storeParams.extend({ cannedJobId: ZId });

export const listCannedJobsRoute = defineRoute({
  id: 'cannedJobs.list',
  method: 'GET',
  path: base,
  summary: "The store's canned jobs (at most 200), by name: labour hours, parts and fees, money in cents.",
  tag: 'estimates',
  access: access.store(CANNED_JOB_READ_ROLES),
  params: storeParams,
  response: z.array(ZCannedJob),
});

export const createCannedJobRoute = defineRoute({
  id: 'cannedJobs.create',
  method: 'POST',
  path: base,
  summary:
    'Adds a canned job: a name unique in the store whatever its case (409 CONFLICT otherwise), labour hours, parts and fees. 400 INVALID_ARGUMENTS naming the field, or when the store has 200 jobs already.',
  tag: 'estimates',
  access: access.store(CANNED_JOB_WRITE_ROLES),
  params: storeParams,
  body: ZCannedJobInput,
  response: ZCannedJob,
  status: 201,
});

export const updateCannedJobRoute = defineRoute({
  id: 'cannedJobs.update',
  method: 'PUT',
  path: `${base}/:cannedJobId`,
  summary:
    'Replaces a canned job (name, labour hours, parts and fees as whole lists). Estimate lines it filled before keep their prices. 409 CONFLICT when another job has the name.',
  tag: 'estimates',
  access: access.store(CANNED_JOB_WRITE_ROLES),
  params: jobParams,
  body: ZCannedJobInput,
  response: ZCannedJob,
});

export const deleteCannedJobRoute = defineRoute({
  id: 'cannedJobs.delete',
  method: 'DELETE',
  path: `${base}/:cannedJobId`,
  summary: 'Removes a canned job. Estimate lines it filled keep their prices.',
  tag: 'estimates',
  access: access.store(CANNED_JOB_WRITE_ROLES),
  params: jobParams,
  status: 204,
});

export const cannedJobRoutes = [listCannedJobsRoute, createCannedJobRoute, updateCannedJobRoute, deleteCannedJobRoute] as const;
