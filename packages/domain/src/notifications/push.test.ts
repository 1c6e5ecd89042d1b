import { describe, expect, it } from 'vitest';
import { orderTitlePrefix, ZPushPayload, ZPushSubscriptionRequest } from './push.js';

const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'A'.repeat(22) };

describe('ZPushSubscriptionRequest', () => {
  it('takes what PushSubscription.toJSON() gives', () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc:def', 'http://127.0.0.1:8090/notify/abc', 'https://[::1]:8443/push/x']) {
      expect(ZPushSubscriptionRequest.safeParse({ endpoint, expirationTime: null, keys }).success, endpoint).toBe(true);
    }
  });

  it('refuses a malformed endpoint or keys', () => {
    const bad = [
      { endpoint: 'fcm.googleapis.com/fcm/send/abc', keys },
      { endpoint: 'https://user:pw@push.example/x', keys },
      { endpoint: 'https://push.example', keys },
      { endpoint: 'https://push example/x', keys },
      { endpoint: 'data:text/plain,hi', keys },
      { endpoint: 'https://push.example/a\u0000b', keys },
      { endpoint: 'https://push.example/é', keys },
      { endpoint: 'https://push.example/x', keys: { ...keys, p256dh: `A${'a'.repeat(86)}` } },
      { endpoint: 'https://push.example/x', keys: { ...keys, p256dh: `B${'a'.repeat(85)}=` } },
      { endpoint: 'https://push.example/x', keys: { ...keys, auth: 'A'.repeat(21) } },
      { endpoint: 'https://push.example/x', keys: { p256dh: keys.p256dh } },
      { endpoint: 'https://push.example/x' },
    ];
    for (const body of bad) expect(ZPushSubscriptionRequest.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});

describe('ZPushPayload', () => {
  it('needs a title or a body, and an ignore flag true or false', () => {
    expect(ZPushPayload.safeParse({ title: 'RO#12 Text', ignore: false }).success).toBe(true);
    expect(ZPushPayload.safeParse({ body: 'Hello', ignore: true }).success).toBe(true);
    expect(ZPushPayload.safeParse({ ignore: false }).success).toBe(false);
    expect(ZPushPayload.safeParse({ title: ' ', body: '', ignore: false }).success).toBe(false);
    expect(ZPushPayload.safeParse({ title: 'x' }).success).toBe(false);
    expect(ZPushPayload.safeParse({ title: 'x', ignore: 'no' }).success).toBe(false);
    expect(ZPushPayload.safeParse({ title: 'x', ignore: false, url: 'https://evil.example/' }).success).toBe(false);
  });

  it("prefixes an order's title with 'RO#' and its number", () => {
    expect(orderTitlePrefix('1234')).toBe('RO#1234');
    expect(orderTitlePrefix(null)).toBeNull();
    expect(orderTitlePrefix('')).toBeNull();
  });
});
