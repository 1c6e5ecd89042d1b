import { describe, expect, it } from 'vitest';
import {
  STORE_EVENTS,
  SYSTEM_EVENTS,
  USER_EVENTS,
  formatTopic,
  isClientEvent,
  parseTopic,
  topics,
  type ParsedTopic,
} from './topics.js';

const storeId = '0b7c6f1e-6a4b-4c0e-9a55-2f7d1c3e4b5a';
const userId = '9d2a4c1b-3e5f-4a6b-8c7d-1e2f3a4b5c6d';

describe('realtime topics', () => {
  it('parses every topic', () => {
    for (const name of STORE_EVENTS) {
      expect(parseTopic(`store/${storeId}/${name}`)).toEqual({ kind: 'store', id: storeId, name });
    }
    for (const name of USER_EVENTS) {
      expect(parseTopic(`user/${userId}/${name}`)).toEqual({ kind: 'user', id: userId, name });
    }
    for (const name of SYSTEM_EVENTS) {
      expect(parseTopic(`system/${name}`)).toEqual({ kind: 'system', id: null, name });
    }
  });

  it.each([
    '',
    'store',
    'store/',
    `store/${storeId}`,
    `store/${storeId}/`,
    `store/${storeId}/inspectionOrders`,
    `store/${storeId}/inspectionOrders/deleted`,
    `store/${storeId}/courseCompleted`,
    `user/${userId}/paymentMade`,
    `user/${userId}/externalAppAction`,
    `store/not-an-id/paymentMade`,
    `store/${storeId.toUpperCase()}/paymentMade`,
    `store/${storeId}/paymentMade/`,
    `store/${storeId}/paymentMade/extra`,
    `store//paymentMade`,
    `system/notifications`,
    `system/notifications/created/x`,
    `system/${storeId}/notifications/created`,
    `account/${storeId}/paymentMade`,
    `/store/${storeId}/paymentMade`,
    `store/${storeId}/*`,
    `store/*/paymentMade`,
  ])('refuses %j', (topic) => {
    expect(parseTopic(topic)).toBeNull();
  });

  it('builds the topics it parses', () => {
    const built = [
      ...Object.values(topics.store(storeId)),
      ...Object.values(topics.user(userId)),
      ...Object.values(topics.system),
    ];
    expect(built).toHaveLength(STORE_EVENTS.length + USER_EVENTS.length + SYSTEM_EVENTS.length);
    for (const topic of built) {
      const parsed = parseTopic(topic);
      expect(parsed, topic).not.toBeNull();
      expect(formatTopic(parsed!)).toBe(topic);
    }
    expect(topics.store(storeId).inspectionOrdersUpdated).toBe(`store/${storeId}/inspectionOrders/updated`);
    expect(topics.user(userId).vinScannedFromDashboard).toBe(
      `user/${userId}/externalAppAction/vinScannedFromDashboard`,
    );
    expect(topics.system.notificationsCreated).toBe('system/notifications/created');
  });

  it('refuses to build a topic for a malformed id', () => {
    expect(() => topics.store('42')).toThrow(TypeError);
    expect(() => topics.user(`${userId}/x`)).toThrow(TypeError);
  });

  it('lets clients publish only the VIN scanner return', () => {
    const publishable = [
      ...Object.values(topics.store(storeId)),
      ...Object.values(topics.user(userId)),
      ...Object.values(topics.system),
    ].filter((t) => isClientEvent(parseTopic(t) as ParsedTopic));
    expect(publishable.sort()).toEqual([
      `user/${userId}/externalAppAction/vinScannedFromDashboard`,
      `user/${userId}/externalAppAction/vinScannedFromVehicleDetails`,
    ]);
  });
});
