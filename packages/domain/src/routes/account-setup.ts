import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { LANGUAGES } from '../limits.js';
import { ZStore } from '../identity/store-view.js';
import { checkRegion, ZOpenTime, ZStoreDetails, ZStoreEmail, ZStorePhone } from '../identity/store-settings.js';
import { ZAccount } from './accounts.js';
import { ZStoreUser, ZUsername } from './store-users.js';

/**
 * The setup wizard (/v2/account/new/step1): an owner without an account
 * opens its account, its first store and its first workers in one go. docs/administration.md.
 */

/** The roles the wizard offers for the first workers: technician, advisor, store manager. */
export const SETUP_WORKER_ROLES = ['Technician', 'ServiceAdvisor', 'StoreManager'] as const;
export type SetupWorkerRole = (typeof SETUP_WORKER_ROLES)[number];

/** At most this many workers in the wizard; more are added on the store users page. */
export const SETUP_MAX_WORKERS = 20;

/** Step 1: the account. */
export const ZSetupAccount = z.strictObject({
  name: z.string().trim().min(1, 'name is mandatory').max(200),
});

/**
 * Step 2: the first store. Unlike a store added later, its contact details are mandatory: the
 * shop's first store is how customers and the help reach it.
 */
export const ZSetupStore = ZStoreDetails.extend({
  email: ZStoreEmail.pipe(z.string().min(1, 'email is mandatory')),
  phoneNo: ZStorePhone.pipe(z.string().min(1, 'phoneNo is mandatory')),
  address: z.string().trim().min(1, 'address is mandatory').max(500),
  openTime: ZOpenTime,
}).superRefine(checkRegion);

/** Step 3: a first worker, who receives the password e-mail (so the e-mail is mandatory). */
export const ZSetupWorker = z.strictObject({
  username: ZUsername,
  firstName: z.string().trim().min(1, 'firstName is mandatory').max(100),
  lastName: z.string().trim().max(100).default(''),
  type: z.enum(SETUP_WORKER_ROLES, { message: `must be one of ${SETUP_WORKER_ROLES.join(', ')}` }),
  email: ZStoreEmail.pipe(z.string().min(1, 'email is mandatory')),
  language: z.enum(LANGUAGES, { message: 'languageId must be en or fr' }).default('en'),
});
export type SetupWorkerInput = z.input<typeof ZSetupWorker>;

/** Usernames given twice in the list, whatever the case (each named once). */
export function repeatedUsernames(workers: readonly { username: string }[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const w of workers) {
    const key = w.username.trim().toLowerCase();
    if (key === '') continue;
    if (seen.has(key)) repeated.add(key);
    seen.add(key);
  }
  return [...repeated];
}

export const ZAccountSetup = z
  .strictObject({
    account: ZSetupAccount,
    store: ZSetupStore,
    workers: z.array(ZSetupWorker).max(SETUP_MAX_WORKERS).default([]),
  })
  .superRefine((body, ctx) => {
    for (const username of repeatedUsernames(body.workers)) {
      ctx.addIssue({ code: 'custom', path: ['workers'], message: `the username ${username} is given twice` });
    }
  });
export type AccountSetupInput = z.input<typeof ZAccountSetup>;

export const ZAccountSetupResult = z.object({
  account: ZAccount,
  store: ZStore,
  workers: z.array(ZStoreUser),
});
export type AccountSetupResult = z.infer<typeof ZAccountSetupResult>;

export const setupAccountRoute = defineRoute({
  id: 'accounts.setup',
  method: 'POST',
  path: '/v2/api/account',
  summary:
    "The setup wizard: an owner without an account opens it with its first store and workers, in one transaction; the owner joins the account. 409 CONFLICT when the owner already has one or a username is taken. Each worker receives the password e-mail.",
  tag: 'accounts',
  // Only the caller's own user is changed; an owner who already has an account gets 409.
  access: access.signedIn(['owner']),
  body: ZAccountSetup,
  response: ZAccountSetupResult,
  status: 201,
});

export const accountSetupRoutes = [setupAccountRoute] as const;
