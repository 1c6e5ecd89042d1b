import { describe, expect, it } from 'vitest';
import type { DashboardListQuery } from './dashboard.js';
import {
  compareOrders,
  matchesFilter,
  mergeOrderEvent,
  type OrderListPage,
  type MatchableOrder,
  type DashboardMergeContext,
} from './merge.js';

const TECH = 'tech-1';
let seq = 0;
function order(over: Partial<MatchableOrder> = {}): MatchableOrder {
  seq += 1;
  return {
    _id: `o${seq}`,
    orderNumber: String(1000 + seq),
    date: new Date(2026, 0, 1, 0, seq).toISOString(),
    waiting: false,
    vehicleInShop: true,
    scheduled: null,
    closed: false,
    serviceAdvisorId: 'adv-1',
    technicianId: null,
    states: {
      inspection: 'notStarted',
      estimate: 'notStarted',
      approval: 'notStarted',
      report: 'notStarted',
      parts: 'notStarted',
      work: 'notStarted',
    },
    _embedded: {
      customer: { firstName: 'Ada', lastName: 'Smith', business: null },
      vehicle: {
        vin: '1HGCM82633A004352',
        licensePlate: 'ABC123',
        make: 'Honda',
        model: 'Accord',
        year: 2003,
      },
    },
    ...over,
  };
}
const num = (n: string, over: Partial<MatchableOrder> = {}) => order({ orderNumber: n, ...over });

const allVehicles: DashboardListQuery = {
  page: 0,
  size: 10,
  sorting: 'orderNumber,desc',
  vehicleInShop: true,
  closed: false,
};
const ctx = (query: Partial<DashboardListQuery> = {}, searchActive = false): DashboardMergeContext => ({
  query: { ...allVehicles, ...query },
  searchActive,
});
const page = (orders: MatchableOrder[], total = orders.length): OrderListPage<MatchableOrder> => ({
  orders,
  total,
});
const numbers = (p: OrderListPage<MatchableOrder>) => p.orders.map((o) => o.orderNumber);

describe('matchesFilter', () => {
  it('in shop, waiting, closed', () => {
    expect(matchesFilter(order(), { vehicleInShop: true, closed: false })).toBe(true);
    expect(matchesFilter(order({ vehicleInShop: false }), { vehicleInShop: true })).toBe(false);
    expect(matchesFilter(order({ closed: true }), { closed: false })).toBe(false);
    expect(matchesFilter(order({ waiting: false }), { waiting: true })).toBe(false);
    expect(matchesFilter(order({ waiting: true }), { waiting: true })).toBe(true);
  });

  it('step states: any of the listed ones', () => {
    const parts = order({ states: { parts: 'inProgressSomeParts' } });
    expect(matchesFilter(parts, { parts: ['pending', 'inProgress', 'inProgressSomeParts'] })).toBe(true);
    expect(matchesFilter(parts, { parts: ['pending', 'inProgress'] })).toBe(false);
    expect(matchesFilter(order({ states: { inspection: 'done' } }), { inspection: ['done'] })).toBe(true);
    expect(matchesFilter(order(), { inspection: ['done'] })).toBe(false);
  });

  it('advisor, technician and "not"', () => {
    expect(matchesFilter(order({ technicianId: TECH }), { technicianId: TECH })).toBe(true);
    expect(matchesFilter(order({ technicianId: 'other' }), { technicianId: TECH })).toBe(false);
    expect(matchesFilter(order({ technicianId: TECH }), { not: TECH })).toBe(false);
    expect(matchesFilter(order({ technicianId: null }), { not: TECH })).toBe(true);
    expect(matchesFilter(order({ serviceAdvisorId: 'adv-2' }), { serviceAdvisorId: 'adv-1' })).toBe(false);
  });

  it('scheduled from', () => {
    const from = new Date(2026, 10, 22).toISOString();
    expect(
      matchesFilter(order({ scheduled: new Date(2026, 10, 22, 9).toISOString() }), { scheduledFrom: from }),
    ).toBe(true);
    expect(
      matchesFilter(order({ scheduled: new Date(2026, 10, 21, 23).toISOString() }), { scheduledFrom: from }),
    ).toBe(false);
    expect(matchesFilter(order({ scheduled: null }), { scheduledFrom: from })).toBe(false);
  });

  it('search: every word somewhere in the order', () => {
    expect(matchesFilter(order(), { search: 'smith accord' })).toBe(true);
    expect(matchesFilter(order(), { search: '1hgcm8' })).toBe(true);
    expect(matchesFilter(order(), { search: 'smith ford' })).toBe(false);
  });
});

describe('compareOrders', () => {
  it("numbers inside text compare as numbers, as the list route sorts ('RO-99' before 'RO-100')", () => {
    const sorted = [num('RO-100'), num('RO-99'), num('950'), num('1200')].sort(
      compareOrders({ sorting: 'orderNumber,asc' }),
    );
    expect(sorted.map((o) => o.orderNumber)).toEqual(['950', '1200', 'RO-99', 'RO-100']);
  });
});

describe('mergeOrderEvent', () => {
  it('ignores everything while a search term is active', () => {
    const start = page([num('1005')]);
    expect(mergeOrderEvent(start, { type: 'created', order: num('1010') }, ctx({}, true))).toBe(start);
    expect(mergeOrderEvent(start, { type: 'removed', id: start.orders[0]!._id }, ctx({}, true))).toBe(start);
  });

  it('created: a new matching order is inserted by RO, descending, and counted', () => {
    const start = page([num('1009'), num('1005'), num('1001')], 25);
    const next = mergeOrderEvent(start, { type: 'created', order: num('1007') }, ctx());
    expect(numbers(next)).toEqual(['1009', '1007', '1005', '1001']);
    expect(next.total).toBe(26);
  });

  it('created: ascending, and last when it sorts after everything on a partial page', () => {
    const start = page([num('1001'), num('1005')]);
    expect(
      numbers(
        mergeOrderEvent(start, { type: 'created', order: num('1003') }, ctx({ sorting: 'orderNumber,asc' })),
      ),
    ).toEqual(['1001', '1003', '1005']);
    expect(
      numbers(
        mergeOrderEvent(start, { type: 'created', order: num('1009') }, ctx({ sorting: 'orderNumber,asc' })),
      ),
    ).toEqual(['1001', '1005', '1009']);
  });

  it('created: a waiting order goes on top, whatever its number', () => {
    const start = page([num('1009'), num('1005')]);
    const next = mergeOrderEvent(start, { type: 'created', order: num('1001', { waiting: true }) }, ctx());
    expect(numbers(next)).toEqual(['1001', '1009', '1005']);
  });

  it('created: an order without a number sorts last', () => {
    const start = page([num('1009'), num('1005')]);
    expect(
      numbers(mergeOrderEvent(start, { type: 'created', order: order({ orderNumber: null }) }, ctx())),
    ).toEqual(['1009', '1005', null]);
  });

  it('created: waiting first keeps waiting orders ahead when placing by number', () => {
    const start = page([num('1002', { waiting: true }), num('1009'), num('1005')]);
    const next = mergeOrderEvent(start, { type: 'created', order: num('1007') }, ctx({ waitingFirst: true }));
    expect(numbers(next)).toEqual(['1002', '1009', '1007', '1005']);
  });

  it('created: appointments by scheduled, even when waiting', () => {
    const at = (h: number) => new Date(2026, 10, 23, h).toISOString();
    const query = { vehicleInShop: false, sorting: 'scheduled,asc' as const, size: 20 };
    const start = page([
      num('1', { vehicleInShop: false, scheduled: at(8) }),
      num('2', { vehicleInShop: false, scheduled: at(12) }),
    ]);
    const next = mergeOrderEvent(
      start,
      { type: 'created', order: num('3', { vehicleInShop: false, scheduled: at(10), waiting: true }) },
      ctx(query),
    );
    expect(numbers(next)).toEqual(['1', '3', '2']);
  });

  it('created: a full page keeps its size; a place past its end is counted, not shown', () => {
    const start = page([num('1009'), num('1005')], 7);
    const small = ctx({ size: 2 });
    const inside = mergeOrderEvent(start, { type: 'created', order: num('1007') }, small);
    expect(numbers(inside)).toEqual(['1009', '1007']);
    expect(inside.total).toBe(8);
    const after = mergeOrderEvent(start, { type: 'created', order: num('1001') }, small);
    expect(numbers(after)).toEqual(['1009', '1005']);
    expect(after.total).toBe(8);
  });

  it('created: on a later page, a place before the first row belongs to an earlier page', () => {
    const start = page([num('1005'), num('1003')], 12);
    const next = mergeOrderEvent(
      start,
      { type: 'created', order: num('1020', { waiting: true }) },
      ctx({ page: 1 }),
    );
    expect(numbers(next)).toEqual(['1005', '1003']);
    expect(next.total).toBe(13);
  });

  it('created for a known order is an update', () => {
    const shown = num('1005');
    const start = page([num('1009'), shown, num('1001')], 3);
    const next = mergeOrderEvent(start, { type: 'created', order: { ...shown, waiting: true } }, ctx());
    expect(next.orders[1]).toMatchObject({ _id: shown._id, waiting: true });
    expect(next.total).toBe(3);
  });

  it('updated for an unknown order is a creation', () => {
    const start = page([num('1009')], 1);
    const next = mergeOrderEvent(start, { type: 'updated', order: num('1010') }, ctx());
    expect(numbers(next)).toEqual(['1010', '1009']);
    expect(next.total).toBe(2);
  });

  it('updated: a matching order is replaced where it stands', () => {
    const shown = num('1005');
    const start = page([num('1009'), shown], 2);
    const next = mergeOrderEvent(
      start,
      { type: 'updated', order: { ...shown, orderNumber: '1100', note: 'x' } as MatchableOrder },
      ctx(),
    );
    expect(numbers(next)).toEqual(['1009', '1100']);
    expect(next.total).toBe(2);
  });

  it('updated: an order that no longer matches leaves, and the total drops', () => {
    const shown = num('1005', { states: { estimate: 'inProgress' } });
    const query = { estimate: ['pending', 'inProgress'] as const };
    const start = page([shown], 4);
    const next = mergeOrderEvent(
      start,
      { type: 'updated', order: { ...shown, states: { estimate: 'done' } } },
      ctx(query),
    );
    expect(next.orders).toEqual([]);
    expect(next.total).toBe(3);
  });

  it('updated: a closed order leaves', () => {
    const shown = num('1005');
    const next = mergeOrderEvent(
      page([shown], 1),
      { type: 'updated', order: { ...shown, closed: true } },
      ctx(),
    );
    expect(next).toEqual({ orders: [], total: 0 });
  });

  it('updated: an unknown order that does not match changes nothing', () => {
    const start = page([num('1009')], 1);
    expect(
      mergeOrderEvent(start, { type: 'updated', order: num('1010', { vehicleInShop: false }) }, ctx()),
    ).toBe(start);
    expect(mergeOrderEvent(start, { type: 'created', order: num('1011', { closed: true }) }, ctx())).toBe(
      start,
    );
  });

  it('removed: a shown order leaves; an unknown one changes nothing', () => {
    const shown = num('1005');
    const start = page([num('1009'), shown], 10);
    const next = mergeOrderEvent(start, { type: 'removed', id: shown._id }, ctx());
    expect(numbers(next)).toEqual(['1009']);
    expect(next.total).toBe(9);
    expect(mergeOrderEvent(start, { type: 'removed', id: 'nope' }, ctx())).toBe(start);
  });

  it('the total never drops below zero', () => {
    const shown = num('1005');
    expect(mergeOrderEvent(page([shown], 0), { type: 'removed', id: shown._id }, ctx()).total).toBe(0);
  });

  it("basic technician lists: an order taken by me moves from the others' list to mine", () => {
    const taken = num('1005', { technicianId: null });
    const mine = page([num('1009', { technicianId: TECH })], 1);
    const others = page([taken], 1);
    const event = { type: 'updated' as const, order: { ...taken, technicianId: TECH } };
    const nextMine = mergeOrderEvent(mine, event, ctx({ technicianId: TECH }));
    const nextOthers = mergeOrderEvent(others, event, ctx({ not: TECH }));
    expect(numbers(nextMine)).toEqual(['1009', '1005']);
    expect(nextMine.total).toBe(2);
    expect(nextOthers).toEqual({ orders: [], total: 0 });
  });

  it('tolerates a repeated event (at-least-once delivery)', () => {
    const fresh = num('1010');
    const once = mergeOrderEvent(page([num('1009')]), { type: 'created', order: fresh }, ctx());
    const twice = mergeOrderEvent(once, { type: 'created', order: fresh }, ctx());
    expect(numbers(twice)).toEqual(['1010', '1009']);
    expect(twice.total).toBe(2);
  });
});
