import { createCannedJobRoute, deleteCannedJobRoute, listCannedJobsRoute, updateCannedJobRoute } from '@servicebay/domain';
import { implement, type ResourceOwner } from '../../platform/http/registrar.js';
import type { CannedJobsService } from './canned-jobs.service.js';

/** Registrar resolver: the store of a cannedJobId of a path. */
export function cannedJobOwnerResolvers(service: Pick<CannedJobsService, 'jobStore'>) {
  return {
    cannedJobId: async (id: string): Promise<ResourceOwner | null> => {
      const storeId = await service.jobStore(id);
      return storeId ? { storeId, accountId: null } : null;
    },
  };
}

export function cannedJobRoutes(service: CannedJobsService) {
  return [
    implement(listCannedJobsRoute, ({ storeId }) => service.list(storeId)),
    implement(createCannedJobRoute, ({ storeId, body }) => service.create(storeId, body)),
    implement(updateCannedJobRoute, ({ storeId, params, body }) => service.update(storeId, params.cannedJobId, body)),
    implement(deleteCannedJobRoute, async ({ storeId, params }) => {
      await service.remove(storeId, params.cannedJobId);
    }),
  ];
}
