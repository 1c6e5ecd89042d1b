import { describe, expect, it } from 'vitest';
import { AppError, ROLES, STAFF_ROLES, topics, type Role } from '@servicebay/domain';
import type { Principal } from '../auth/principal.js';
import type { StoreOwnership } from '../tenancy/tenancy.repository.js';
import { authorizeTopic, type StoreLookup, type TopicAction } from './topic.policy.js';

const storeA: StoreOwnership = {
  id: '11111111-1111-4111-8111-111111111111',
  accountId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  partnerId: 'pppppppp-0000-4000-8000-000000000000',
};
const storeB: StoreOwnership = {
  id: '22222222-2222-4222-8222-222222222222',
  accountId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  partnerId: 'qqqqqqqq-0000-4000-8000-000000000000',
};
const missingStore = '33333333-3333-4333-8333-333333333333';
const stores: StoreLookup = async (id) => [storeA, storeB].find((s) => s.id === id) ?? null;

let n = 0;
/** A user of the role placed at its reach in store A, as the identity module issues tokens. */
function principal(type: Role, store = storeA): Principal {
  n++;
  const id = `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
  const portal = type === 'consumer' || type === 'customer';
  const partnerLevel = ['root', 'partner', 'PartnerAdmin'].includes(type);
  return {
    id,
    type,
    username: `${type}-${n}`,
    storeId: partnerLevel ? null : store.id,
    accountId: partnerLevel ? null : store.accountId,
    partnerId: store.partnerId,
    customerId: portal ? '44444444-4444-4444-8444-444444444444' : null,
    isUserOfInactiveStore: false,
  };
}

async function outcome(p: Principal, topic: string, action: TopicAction = 'subscribe') {
  try {
    await authorizeTopic(p, topic, action, stores);
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

describe('topic authorization', () => {
  it('answers 400 for a topic that does not exist, before anything else', async () => {
    const p = principal('Technician');
    expect(await outcome(p, 'store/x/paymentMade')).toBe(400);
    expect(await outcome(p, `store/${storeA.id}/orders/updated`)).toBe(400);
    expect(await outcome(p, 'system/anything')).toBe(400);
    expect(await outcome(p, `user/${p.id}/somethingElse`, 'publish')).toBe(400);
  });

  it.each(STAFF_ROLES)('lets %s subscribe to its own store and not to another one', async (role) => {
    const p = principal(role);
    // The Store account (the shop's shared tablet) has no shop chat: its topics answer 403.
    for (const topic of Object.values(topics.store(storeA.id)))
      expect(await outcome(p, topic)).toBe(role === 'Store' && topic.includes('/internalChat/') ? 403 : 'ok');
    // root reaches every store; everyone else gets 404 for a store outside its reach.
    const other = role === 'root' ? 'ok' : 404;
    for (const topic of Object.values(topics.store(storeB.id))) expect(await outcome(p, topic)).toBe(other);
    expect(await outcome(p, topics.store(missingStore).paymentMade)).toBe(404);
  });

  it.each(['consumer', 'customer'] as const)('never lets a portal %s into store topics', async (role) => {
    const p = principal(role);
    for (const topic of Object.values(topics.store(storeA.id))) expect(await outcome(p, topic)).toBe(404);
  });

  it.each(ROLES)('lets %s into its own user topics and system topics only', async (role) => {
    const p = principal(role);
    const someoneElse = principal(role);
    for (const topic of Object.values(topics.user(p.id))) expect(await outcome(p, topic)).toBe('ok');
    for (const topic of Object.values(topics.user(someoneElse.id))) expect(await outcome(p, topic)).toBe(404);
    expect(await outcome(p, topics.system.notificationsCreated)).toBe('ok');
  });

  it('lets clients publish only the VIN scanner return, to themselves', async () => {
    const p = principal('ServiceAdvisor');
    const other = principal('ServiceAdvisor');
    expect(await outcome(p, topics.user(p.id).vinScannedFromDashboard, 'publish')).toBe('ok');
    expect(await outcome(p, topics.user(p.id).vinScannedFromVehicleDetails, 'publish')).toBe('ok');
    expect(await outcome(p, topics.user(other.id).vinScannedFromDashboard, 'publish')).toBe(404);
    expect(await outcome(p, topics.user(p.id).courseCompleted, 'publish')).toBe(403);
    for (const topic of Object.values(topics.store(storeA.id)))
      expect(await outcome(p, topic, 'publish')).toBe(403);
    expect(await outcome(p, topics.store(storeB.id).paymentMade, 'publish')).toBe(404);
    expect(await outcome(p, topics.system.notificationsCreated, 'publish')).toBe(403);
  });
});
