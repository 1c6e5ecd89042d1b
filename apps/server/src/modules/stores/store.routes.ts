import { errors, getStoreRoute, getWorkerRoute, listWorkersRoute, workerLoginRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import { presentUser, type SessionService } from '../identity/index.js';
import type { StoreRepository } from './store.repository.js';
import { presentStore } from './store.presenter.js';

export function storeRoutes({ stores: repo, sessions }: { stores: StoreRepository; sessions: SessionService }) {
  const storeOf = async (storeId: string) => {
    const store = await repo.byId(storeId);
    if (!store) throw errors.notFound();
    return store;
  };
  return [
    implement(getStoreRoute, async ({ storeId }) => presentStore(await storeOf(storeId))),
    implement(listWorkersRoute, async ({ storeId, query }) => {
      const store = await storeOf(storeId);
      const workers = await repo.workers(store, query.forceOwners ?? false);
      return workers.map((w) => {
        const user = presentUser(w, store);
        if (!query.fields) return user;
        return Object.fromEntries([['_id', user._id], ...query.fields.map((f) => [f, user[f]])]) as typeof user;
      });
    }),
    implement(getWorkerRoute, async ({ storeId, params }) => {
      const store = await storeOf(storeId);
      const worker = await repo.worker(store.id, params.userId);
      if (!worker) throw errors.notFound();
      return presentUser(worker, store);
    }),
    implement(workerLoginRoute, async ({ storeId, params, body, request }) => {
      const worker = await repo.worker(storeId, params.userId);
      if (!worker || !worker.active) throw errors.notFound();
      return sessions.loginWorker({ user: worker, secret: body, address: request.ip });
    }),
  ];
}
