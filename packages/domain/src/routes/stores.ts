import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId, ZQueryBoolean } from '../http/common.js';
import { STAFF_ROLES } from '../roles.js';
import { ZStore } from '../identity/store-view.js';
import { ZTokenPair, ZUser } from '../identity/session.js';

export const getStoreRoute = defineRoute({
  id: 'stores.get',
  method: 'GET',
  path: '/v1/api/store/:storeId',
  summary: 'The store with its settings.',
  tag: 'stores',
  access: access.store(STAFF_ROLES),
  params: z.strictObject({ storeId: ZId }),
  response: ZStore,
});

const WORKER_FIELDS = Object.keys(ZUser.shape) as [keyof typeof ZUser.shape, ...Array<keyof typeof ZUser.shape>];

export const listWorkersRoute = defineRoute({
  id: 'stores.listWorkers',
  method: 'GET',
  path: '/v1/api/store/:storeId/worker',
  summary:
    "The store's active workers, sorted by last then first name. fields= limits each worker to those fields (_id always); forceOwners=true adds the account's owners.",
  tag: 'stores',
  access: access.store(STAFF_ROLES),
  params: z.strictObject({ storeId: ZId }),
  query: z.object({
    fields: z
      .string()
      .max(500)
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const names = v.split(',').map((f) => f.trim()).filter(Boolean);
        const unknown = names.filter((n) => !(WORKER_FIELDS as string[]).includes(n));
        if (unknown.length) {
          ctx.addIssue({ code: 'custom', message: `unknown field ${unknown.join(', ')}` });
          return z.NEVER;
        }
        return names as Array<(typeof WORKER_FIELDS)[number]>;
      }),
    forceOwners: ZQueryBoolean.optional(),
  }),
  response: z.array(ZUser.partial().extend({ _id: z.string() })),
});

export const getWorkerRoute = defineRoute({
  id: 'stores.getWorker',
  method: 'GET',
  path: '/v1/api/store/:storeId/worker/:userId',
  summary: 'One worker of the store.',
  tag: 'stores',
  access: access.store(STAFF_ROLES),
  params: z.strictObject({ storeId: ZId, userId: ZId }),
  response: ZUser,
});

export const workerLoginRoute = defineRoute({
  id: 'stores.workerLogin',
  method: 'POST',
  path: '/v2/api/store/:storeId/worker/:userId/login',
  summary:
    "Worker selection on the store's shared account: the chosen worker confirms with their own password, or their PIN where set, and gets their own tokens. Lockout and errors as for login.",
  tag: 'stores',
  carriesSecrets: true,
  access: access.store(['Store']),
  params: z.strictObject({ storeId: ZId, userId: ZId }),
  body: z
    .strictObject({
      password: z.string().min(1).max(1000).optional(),
      pin: z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits').optional(),
    })
    .refine((b) => (b.password === undefined) !== (b.pin === undefined), {
      message: 'password or pin is mandatory, not both',
      path: ['password'],
    }),
  response: ZTokenPair,
});

export const storeRoutes = [getStoreRoute, listWorkersRoute, getWorkerRoute, workerLoginRoute] as const;
