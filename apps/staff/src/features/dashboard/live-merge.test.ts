import { describe, expect, it } from 'vitest';
import type { DashboardListQuery, RepairOrder } from '@servicebay/domain';
import { order } from './order-fixture.js';
import { listKey } from './orders-api.js';
import { foldOrderEvent, listQueryOf, readOrderEvent, reconnection, type CachedList } from './live-merge.js';
import { foldReadingReport } from './report-status.js';


const inShop: DashboardListQuery = { page: 0, size: 3, sorting: 'orderNumber,desc', vehicleInShop: true };
const key = (query: DashboardListQuery) => listKey('s1', query) as readonly unknown[];
const page = (...orders: RepairOrder[]) => ({ orders, total: orders.length });
const ids = (p: { orders: readonly RepairOrder[] } | undefined) => p?.orders.map((o) => o._id);

describe('readOrderEvent', () => {
  it('reads a whole order for created and updated', () => {
    const o = order('o1042');
    expect(readOrderEvent('created', o)).toEqual({ type: 'created', order: o });
    expect(readOrderEvent('updated', o)).toEqual({ type: 'updated', order: o });
  });

  it('reads only the id of a removal', () => {
    expect(readOrderEvent('removed', { _id: 'o1' })).toEqual({ type: 'removed', id: 'o1' });
    expect(readOrderEvent('removed', order('o1'))).toEqual({ type: 'removed', id: 'o1' });
  });

  it('keeps what a newer server adds beyond the contract out of the order', () => {
    const event = readOrderEvent('updated', { ...order('o1'), extra: 'new field' });
    expect(event).toMatchObject({ type: 'updated', order: { _id: 'o1' } });
    expect(event && 'order' in event ? 'extra' in event.order : true).toBe(false);
  });

  it('ignores payloads that are not orders', () => {
    expect(readOrderEvent('created', null)).toBeNull();
    expect(readOrderEvent('created', 'o1')).toBeNull();
    expect(readOrderEvent('removed', {})).toBeNull();
    expect(readOrderEvent('removed', { _id: 42 })).toBeNull();
    // An id alone is not an order to show.
    expect(readOrderEvent('updated', { _id: 'o1' })).toBeNull();
    const { states: _states, ...withoutStates } = order('o1');
    expect(readOrderEvent('created', withoutStates)).toBeNull();
  });
});

describe('listQueryOf', () => {
  it('is the query a list key was made with', () => {
    expect(listQueryOf(key(inShop))).toEqual(inShop);
  });
});

describe('foldOrderEvent', () => {
  it('places a new order of the list where the sort puts it and counts it', () => {
    const lists: CachedList[] = [[key(inShop), page(order('o1050'), order('o1030'))]];
    const [update] = foldOrderEvent(lists, { type: 'created', order: order('o1040') });
    expect(update![0]).toBe(lists[0]![0]);
    expect(ids(update![1])).toEqual(['o1050', 'o1040', 'o1030']);
    expect(update![1].total).toBe(3);
  });

  it('leaves out lists the event does not change, and lists not loaded yet', () => {
    const waiting: DashboardListQuery = { ...inShop, waiting: true };
    const lists: CachedList[] = [
      [key(waiting), page(order('o1001', { waiting: true }))],
      [key({ ...inShop, page: 1 }), undefined],
      [key(inShop), page(order('o1050'))],
    ];
    const updates = foldOrderEvent(lists, { type: 'created', order: order('o1060') });
    expect(updates.map(([k]) => listQueryOf(k))).toEqual([inShop]);
    expect(ids(updates[0]![1])).toEqual(['o1060', 'o1050']);
  });

  it('folds one event into every list it concerns, each with its own query', () => {
    const asc: DashboardListQuery = { ...inShop, sorting: 'orderNumber,asc' };
    const lists: CachedList[] = [
      [key(inShop), page(order('o1050'), order('o1030'))],
      [key(asc), page(order('o1030'), order('o1050'))],
    ];
    const updates = foldOrderEvent(lists, { type: 'created', order: order('o1040') });
    expect(updates.map(([, p]) => ids(p))).toEqual([
      ['o1050', 'o1040', 'o1030'],
      ['o1030', 'o1040', 'o1050'],
    ]);
  });

  it('never changes a list loaded with a search term', () => {
    const searched: DashboardListQuery = { ...inShop, search: 'smith' };
    const lists: CachedList[] = [[key(searched), page(order('o1050'))]];
    expect(foldOrderEvent(lists, { type: 'created', order: order('o1060') })).toEqual([]);
    expect(foldOrderEvent(lists, { type: 'removed', id: 'o1050' })).toEqual([]);
  });

  it('replaces an updated order where it stands', () => {
    const lists: CachedList[] = [[key(inShop), page(order('o1050'), order('o1040'), order('o1030'))]];
    const moved = order('o1040', { waiting: true, note: 'customer waiting' });
    const [update] = foldOrderEvent(lists, { type: 'updated', order: moved });
    expect(ids(update![1])).toEqual(['o1050', 'o1040', 'o1030']);
    expect(update![1].orders[1]).toBe(moved);
    expect(update![1].total).toBe(3);
  });

  it('takes out an order that left the list (closed, or out of the shop) and drops the total', () => {
    const lists: CachedList[] = [[key(inShop), page(order('o1050'), order('o1040'))]];
    const [closed] = foldOrderEvent(lists, { type: 'updated', order: order('o1040', { closed: true }) });
    expect(ids(closed![1])).toEqual(['o1050']);
    expect(closed![1].total).toBe(1);
    const [out] = foldOrderEvent(lists, { type: 'updated', order: order('o1050', { vehicleInShop: false }) });
    expect(ids(out![1])).toEqual(['o1040']);
  });

  it('takes out a removed order; a removal of an order not shown changes nothing', () => {
    const lists: CachedList[] = [[key(inShop), page(order('o1050'), order('o1040'))]];
    const [update] = foldOrderEvent(lists, { type: 'removed', id: 'o1050' });
    expect(update![1]).toEqual({ orders: [lists[0]![1]!.orders[1]], total: 1 });
    expect(foldOrderEvent(lists, { type: 'removed', id: 'o9' })).toEqual([]);
  });

  it('counts an order that belongs on another page without showing it', () => {
    const full = { orders: [order('o1050'), order('o1040'), order('o1030')], total: 7 };
    const [update] = foldOrderEvent([[key(inShop), full]], { type: 'created', order: order('o1010') });
    expect(ids(update![1])).toEqual(['o1050', 'o1040', 'o1030']);
    expect(update![1].total).toBe(8);
  });

  it('keeps a full page at its size: the last row moves on', () => {
    const full = { orders: [order('o1050'), order('o1040'), order('o1030')], total: 3 };
    const [update] = foldOrderEvent([[key(inShop), full]], { type: 'created', order: order('o1045') });
    expect(ids(update![1])).toEqual(['o1050', 'o1045', 'o1040']);
    expect(update![1].total).toBe(4);
  });

  it('gives new pages, never the cached ones changed in place', () => {
    const cached = page(order('o1050'));
    const before = [...cached.orders];
    const [update] = foldOrderEvent([[key(inShop), cached]], { type: 'created', order: order('o1060') });
    expect(update![1]).not.toBe(cached);
    expect(cached.orders).toEqual(before);
  });
});

describe('foldReadingReport', () => {
  const event = { inspectionOrderId: 'o1040', status: 'reading' as const, lastViewed: '2026-11-20T11:00:00Z' };

  it('sets the reading status of the order it names, in every list that shows it, in place', () => {
    const other: DashboardListQuery = { ...inShop, waiting: false };
    const lists: CachedList[] = [
      [key(inShop), page(order('o1050'), order('o1040'))],
      [key(other), page(order('o1040'))],
    ];
    const updates = foldReadingReport(lists, event);
    expect(updates).toHaveLength(2);
    expect(ids(updates[0]![1])).toEqual(['o1050', 'o1040']);
    expect(updates[0]![1].orders[0]).toBe(lists[0]![1]!.orders[0]);
    expect(updates[0]![1].orders[1]!.report).toEqual({ status: 'reading', lastViewed: '2026-11-20T11:00:00Z' });
    expect(updates[0]![1].total).toBe(2);
  });

  it('leaves out lists without the order, lists not loaded, and an order already so', () => {
    const already = order('o1040', { report: { status: 'reading', lastViewed: event.lastViewed } });
    const lists: CachedList[] = [
      [key(inShop), page(order('o1050'))],
      [key({ ...inShop, page: 1 }), undefined],
      [key({ ...inShop, waiting: true }), page(already)],
    ];
    expect(foldReadingReport(lists, event)).toEqual([]);
  });

  it('follows read after reading, with the newer view time', () => {
    const reading = order('o1040', { report: { status: 'reading', lastViewed: event.lastViewed } });
    const [update] = foldReadingReport([[key(inShop), page(reading)]], {
      ...event,
      status: 'read',
      lastViewed: '2026-11-20T11:05:00Z',
    });
    expect(update![1].orders[0]!.report).toEqual({ status: 'read', lastViewed: '2026-11-20T11:05:00Z' });
  });
});

describe('reconnection', () => {
  it('reads everything again on each return to connected, not on the first connection', () => {
    let was = false;
    const steps = ['connecting', 'connected', 'disconnected', 'connecting', 'connected'].map(
      (state) => {
        const next = reconnection(state, was);
        was = next.wasConnected;
        return next.refetch;
      },
    );
    expect(steps).toEqual([false, false, false, false, true]);
  });

  it('keeps what it knew while not connected', () => {
    expect(reconnection('disconnected', true)).toEqual({ refetch: false, wasConnected: true });
    expect(reconnection('disconnected', false)).toEqual({ refetch: false, wasConnected: false });
  });
});
