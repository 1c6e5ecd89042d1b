import { eq, sql } from 'drizzle-orm';
import { stores } from '../../src/platform/db/schema/tenancy.js';
import { createChatTokenSigner, workspaceOf } from '../../src/modules/internal-chat/index.js';
import { roleReach, type Role } from '@servicebay/domain';
import type { TestApp } from '../app.js';
import { users } from '../../src/platform/db/schema/users.js';
import { createSsoRepository } from '../../src/modules/identity/sso.repository.js';
import { createCoursesRepository } from '../../src/modules/training/training.repository.js';
import { createEstimatesRepository } from '../../src/modules/estimates/estimates.repository.js';
import { createCannedJobsRepository } from '../../src/modules/estimates/canned-jobs.repository.js';
import { todoItems } from '../../src/modules/portal/portal.schema.js';
import { textMessages } from '../../src/modules/messaging/messaging.schema.js';
import { notifications, pushSubscriptions } from '../../src/modules/notifications/notifications.schema.js';

/**
 * Headers a route of a tag needs besides the access token, for a caller and the route's params:
 * the shop chat's routes carry a chat token (a second credential, checked after the access rule),
 * so the store's chat is switched on and the caller gets a valid chat token for it.
 */
export const headerSamples: Record<string, (t: TestApp, caller: { id: string }, params: Record<string, string>) => Promise<Record<string, string>>> = {
  internalChat: async (t, caller, params): Promise<Record<string, string>> => {
    const storeId = params.storeId;
    if (!storeId) return {};
    const db = t.platform.database.db;
    await db
      .update(stores)
      .set({ settings: sql`${stores.settings} || '{"internalChatEnabled": true}'::jsonb` })
      .where(eq(stores.id, storeId));
    const signer = createChatTokenSigner(t.platform.config.jwtSecret, 600);
    return { 'x-chat-token': (await signer.sign(caller.id, workspaceOf(storeId, null))).token };
  },
};

/** A portal user's own customer in the world's store (made and linked on first use); null for anyone else. */
async function portalCustomerOf(t: TestApp, world: TenantWorld, caller: { id: string }) {
  const db = t.platform.database.db;
  const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, caller.id) });
  const portal = user && roleReach(user.type as Role) === 'customer' && user.storeId === world.store.id;
  if (!portal) return null;
  if (user.customerId) {
    const own = await db.query.customers.findFirst({ where: (c, { eq }) => eq(c.id, user.customerId!) });
    if (own) return own;
  }
  const customer = await t.make.customer(world.store);
  await db.update(users).set({ customerId: customer.id }).where(eq(users.id, user.id));
  return customer;
}

/** A vehicle for the caller: in a portal user's own household, else a new household's. */
async function vehicleFor(t: TestApp, world: TenantWorld, caller: { id: string }) {
  const own = await portalCustomerOf(t, world, caller);
  return t.make.vehicle(world.store, own ? { householdId: own.householdId } : {});
}

/** One store's world as the authorization test sees it. */
export interface TenantWorld {
  store: { id: string; accountId: string; partnerId: string | null };
}

/** Makes (or names) a resource of the given store and returns its id, for one path parameter. */
export type SampleFactory = (t: TestApp, world: TenantWorld, caller: { id: string }) => Promise<string>;

/**
 * A sample value for every path parameter name used in the route table. The authorization test
 * fills each route's path from here with resources of the victim store; a route whose parameter
 * has no sample fails the test, so each feature adds its factories when it adds routes.
 */
export const paramSamples: Record<string, SampleFactory> = {
  storeId: async (_t, world) => world.store.id,
  accountId: async (_t, world) => world.store.accountId,
  partnerId: async (_t, world) => world.store.partnerId!,
  userId: async (_t, _world, caller) => caller.id,
  userRef: async (_t, _world, caller) => caller.id,
  // The caller's own user name (self routes naming the user by name).
  username: async (t, _world, caller) =>
    (await t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, caller.id) }))!.username,
  // A notification of the caller's own: another user's answers 404 whatever the role.
  notificationId: async (t, world, caller) => {
    const [row] = await t.platform.database.db
      .insert(notifications)
      .values({ userId: caller.id, storeId: world.store.id, kind: 'orderAssigned', params: { order: '1' }, sourceKey: `sample:${crypto.randomUUID()}`, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    return row!.id;
  },
  // A web push subscription of the caller's own.
  subscriptionId: async (t, _world, caller) => {
    const [row] = await t.platform.database.db
      .insert(pushSubscriptions)
      .values({ userId: caller.id, endpoint: `https://push.example.test/${crypto.randomUUID()}`, p256dh: 'key', auth: 'auth' })
      .returning();
    return row!.id;
  },
  languageFile: async () => 'en.i18n.json',
  token: async () => 'a-reset-token-that-does-not-exist-0000',
  // A portal user of the store stands for a customer: the sample is its own customer (made and
  // linked on first use), so customer-scoped routes let it in; staff and strangers get a new one.
  customerId: async (t, world, caller) => ((await portalCustomerOf(t, world, caller)) ?? (await t.make.customer(world.store))).id,
  householdId: async (t, world) => (await t.make.customer(world.store)).householdId!,
  // Like customerId: a portal user of the store gets a vehicle of its own household.
  vehicleId: async (t, world, caller) => (await vehicleFor(t, world, caller)).id,
  // A to-do of a vehicle chosen as for vehicleId.
  itemId: async (t, world, caller) => {
    const vehicle = await vehicleFor(t, world, caller);
    const [row] = await t.platform.database.db
      .insert(todoItems)
      .values({ storeId: world.store.id, vehicleId: vehicle.id, value: 'Sample to-do' })
      .returning();
    return row!.id;
  },
  inspectionOrderId: async (t, world) => (await t.make.inspectionOrder(world.store)).id,
  // A store's own inspection type (product templates are every store's, so would not show a leak).
  inspectionId: async (t, world) => (await t.make.inspectionType(world.store)).id,
  resultId: async (t, world) => (await t.make.result(world.store)).id,
  // A hand-made line of a new order's estimate in the store.
  lineId: async (t, world) => {
    const repo = createEstimatesRepository(t.platform.database.db);
    const order = await t.make.inspectionOrder(world.store);
    const estimate = await repo.insert({ storeId: world.store.id, inspectionOrderId: order.id, currency: 'USD', labourRate: 120_00, taxes: [] });
    const [line] = await repo.insertLines([
      { storeId: world.store.id, estimateId: estimate!.id, resultId: null, description: 'Sample', labourHours: 1, parts: [], fees: [], rank: 0 },
    ]);
    return line!.id;
  },
  // A canned job of the store, its name new each time (names are unique per store).
  cannedJobId: async (t, world) => {
    const name = `Sample job ${crypto.randomUUID()}`;
    const job = await createCannedJobsRepository(t.platform.database.db).insert(world.store.id, {
      name,
      nameKey: name.toLowerCase(),
      labourHours: 1,
      parts: [],
      fees: [],
    });
    return job.id;
  },
  // A shop system's ids (work order, work-order line): the system's own format, checked by the
  // handler inside the caller's store; a store without the integration answers 404.
  workOrderId: async () => crypto.randomUUID(),
  packageLineId: async () => crypto.randomUUID(),
  pictureName: async () => 'front.jpg',
  videoName: async () => 'walkaround.mp4',
  vin: async () => '1HGCM82633A004352',
  year: async () => '2003',
  make: async () => 'Honda',
  model: async () => 'Accord',
  engine: async () => '3.0L 6 cyl',
  // Courses are the product's, not a store's: any course will do.
  courseId: async (t) =>
    (await createCoursesRepository(t.platform.database.db).insertCourse({ titleEn: 'Sample', titleFr: 'Exemple', sections: [] })).id,
  // Disabled, so any number of samples fit beside the account's one enabled configuration.
  configurationId: async (t, world) =>
    (
      await createSsoRepository(t.platform.database.db).createConfiguration({
        accountId: world.store.accountId,
        issuer: 'https://idp.example.test',
        clientId: 'servicebay',
        clientSecret: 'sample-secret',
        enabled: false,
      })
    ).id,
  // An incoming text of a new customer of the store.
  textMessageId: async (t, world) => {
    const customer = await t.make.customer(world.store, { mobilePhone: '5145550199' });
    const [row] = await t.platform.database.db
      .insert(textMessages)
      .values({ storeId: world.store.id, customerId: customer.id, messageId: `SM${crypto.randomUUID()}`, senderType: 'customer', senderName: 'Pat Sample', from: '+15145550199', to: 'x', text: 'Sample', status: 'received' })
      .returning();
    return row!.id;
  },
  // The development outbox is the product's, not a store's: a message the store was sent.
  messageId: async (t, world) =>
    (await t.platform.mail.send({ to: 'sample@example.test', subject: 'Sample', text: 'Sample', storeId: world.store.id })).id,
};
