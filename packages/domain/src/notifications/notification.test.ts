import { describe, expect, it } from 'vitest';
import { ZArchiveNotificationsRequest } from './notification.js';
import { isLiveUnread, notificationDate, notificationToDisplay, unreadCount } from './notification.js';

const now = new Date('2026-12-02T12:00:00Z');
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const n = (id: string, read: boolean, expires: string, archived = false) => ({ id, read, archived, expirationDate: expires });

describe('notificationToDisplay', () => {
  it('is the first unread one whose expiration is in the future, in the list order', () => {
    const list = [
      n('read', true, '2026-12-05T00:00:00Z'),
      n('expired', false, '2026-12-01T00:00:00Z'),
      n('first', false, '2026-12-03T00:00:00Z'),
      n('second', false, '2026-12-04T00:00:00Z'),
    ];
    expect(notificationToDisplay(list, now)?.id).toBe('first');
  });

  it('is null when every one is read, archived or expired', () => {
    expect(notificationToDisplay([n('a', true, '2027-01-01T00:00:00Z'), n('b', false, '2027-01-01T00:00:00Z', true), n('c', false, '2026-12-02T12:00:00Z')], now)).toBeNull();
    expect(notificationToDisplay([], now)).toBeNull();
  });

  it('counts as expired at the very moment of expiration', () => {
    expect(isLiveUnread(n('x', false, '2026-12-02T12:00:00.000Z'), now)).toBe(false);
    expect(isLiveUnread(n('x', false, '2026-12-02T12:00:00.001Z'), now)).toBe(true);
  });

  it('counts the unread ones not expired', () => {
    expect(unreadCount([n('a', false, '2027-01-01T00:00:00Z'), n('b', true, '2027-01-01T00:00:00Z'), n('c', false, '2020-01-01T00:00:00Z'), n('d', false, '2027-01-01T00:00:00Z')], now)).toBe(2);
  });
});

describe('notificationDate', () => {
  it("writes 'YY-MM-DD' in the time zone asked for", () => {
    expect(notificationDate('2026-03-04T12:00:00Z', 'UTC')).toBe('26-03-04');
    expect(notificationDate('2026-03-04T02:00:00Z', 'America/Toronto')).toBe('26-03-03');
  });
});

describe('ZArchiveNotificationsRequest', () => {
  it('needs 1 to 100 ids', () => {
    expect(ZArchiveNotificationsRequest.safeParse({ notificationIds: [] }).success).toBe(false);
    expect(ZArchiveNotificationsRequest.safeParse({ notificationIds: ['nope'] }).success).toBe(false);
    expect(ZArchiveNotificationsRequest.safeParse({ notificationIds: Array.from({ length: 101 }, (_, i) => uuid(i)) }).success).toBe(false);
    expect(ZArchiveNotificationsRequest.safeParse({ notificationIds: [uuid(1)] }).success).toBe(true);
  });
});
