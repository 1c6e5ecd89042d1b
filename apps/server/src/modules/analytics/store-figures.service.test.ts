import { describe, expect, it } from 'vitest';
import { createStoreFiguresService } from './store-figures.service.js';
import type { StoreFiguresRepository } from './store-figures.repository.js';

/** A repository that answers from lists and counts its reads. */
function fakeRepo(storeIds: string[], place: (i: number) => { country: string; state: string | null; timeZone?: string } = () => ({ country: 'ca', state: 'QC' })) {
  const reads: string[] = [];
  const ranges: Array<{ ids: string[]; from: string; to: string }> = [];
  const repo: StoreFiguresRepository = {
    async accountStoreIds(accountId) {
      reads.push('accountStoreIds');
      return accountId === 'known' ? storeIds : null;
    },
    async storeSettings(ids) {
      reads.push('storeSettings');
      return ids.map((storeId, i) => {
        const { country, state, timeZone } = place(storeIds.indexOf(storeId));
        return { storeId, country, state, settings: { ...(i === 0 ? { currency: 'CAD' } : {}), ...(timeZone ? { timeZone } : {}) } };
      });
    },
    async carCounts(ids, from, to) {
      reads.push('carCounts');
      ranges.push({ ids: [...ids], from: from.toISOString(), to: to.toISOString() });
      return ids.map((storeId) => ({ storeId, cars: 2 }));
    },
    async openOrderStates(ids) {
      reads.push('openOrderStates');
      return ids.flatMap((storeId) => [
        { storeId, inspection: 'inProgress', estimate: 'notStarted', approval: 'notStarted', parts: 'notStarted', work: 'notStarted', finished: false, count: 2 },
        { storeId, inspection: 'done', estimate: 'done', approval: 'done', parts: 'inProgressHaveOrdered', work: 'pending', finished: true, count: 1 },
      ]);
    },
    async decidedItems(ids) {
      reads.push('decidedItems');
      return ids.flatMap((storeId) => [
        // 1.25 h at $100 + a part 3 x $10.10 + a $5 fee = $160.30
        { storeId, inspectionOrderId: `${storeId}-o1`, decision: 'approved', labourRate: 100_00, labourHours: 1.25, parts: [{ number: null, description: 'p', quantity: 3, unitPrice: 10_10 }], fees: [{ description: 'f', amount: 5_00 }] },
        // An item without an estimate line: no price.
        { storeId, inspectionOrderId: `${storeId}-o2`, decision: 'declined', labourRate: null, labourHours: null, parts: null, fees: null },
      ]);
    },
  };
  return { repo, reads, ranges };
}

describe('storeFigures', () => {
  it('reads four times whatever the number of stores in one time zone', async () => {
    for (const n of [1, 50]) {
      const ids = Array.from({ length: n }, (_, i) => `s${i}`);
      const { repo, reads } = fakeRepo(ids);
      const figures = await createStoreFiguresService({ repo }).storeFigures(ids, '2026-03-10');
      expect(figures).toHaveLength(n);
      expect(reads.sort()).toEqual(['carCounts', 'decidedItems', 'openOrderStates', 'storeSettings']);
    }
  });

  it("takes each store's day in its own time zone: its setting, else its province's or state's", async () => {
    const places = [
      { country: 'ca', state: 'QC' },
      { country: 'ca', state: 'BC' },
      { country: 'us', state: 'NY' },
      { country: 'ca', state: 'QC', timeZone: 'America/Vancouver' },
    ];
    const ids = ['montreal', 'vancouver', 'newYork', 'montrealOnPacificTime'];
    const { repo, reads, ranges } = fakeRepo(ids, (i) => places[i]!);
    // 05:30 UTC on the 11th: still the 10th in Vancouver, already the 11th in Montreal and New York.
    const service = createStoreFiguresService({ repo, now: () => new Date('2026-03-11T05:30:00Z') });
    const figures = await service.storeFigures(ids);
    expect(figures.map((f) => [f.storeId, f.day, f.timeZone])).toEqual([
      ['montreal', '2026-03-11', 'America/Toronto'],
      ['vancouver', '2026-03-10', 'America/Vancouver'],
      ['newYork', '2026-03-11', 'America/New_York'],
      ['montrealOnPacificTime', '2026-03-10', 'America/Vancouver'],
    ]);
    // The Pacific stores' day runs 07:00 to 07:00 UTC (PDT since the 8th); Toronto's and New York's, 04:00 to 04:00.
    expect(ranges).toEqual(
      expect.arrayContaining([
        { ids: ['montreal'], from: '2026-03-11T04:00:00.000Z', to: '2026-03-12T04:00:00.000Z' },
        { ids: ['vancouver', 'montrealOnPacificTime'], from: '2026-03-10T07:00:00.000Z', to: '2026-03-11T07:00:00.000Z' },
        { ids: ['newYork'], from: '2026-03-11T04:00:00.000Z', to: '2026-03-12T04:00:00.000Z' },
      ]),
    );
    // One read of cars and decisions per distinct day and zone.
    expect(reads.filter((r) => r === 'carCounts')).toHaveLength(3);
  });

  it("prices each decided item with its line at its estimate's labour rate, and counts stages", async () => {
    const { repo } = fakeRepo(['a', 'b']);
    const [a, b] = await createStoreFiguresService({ repo }).storeFigures(['a', 'b'], '2026-03-10');
    expect(a).toEqual({
      storeId: 'a',
      day: '2026-03-10',
      timeZone: 'America/Toronto',
      currency: 'CAD',
      carCount: 2,
      decidedOrders: 2,
      approvedAmount: 160_30,
      decidedAmount: 160_30,
      averageRepairOrder: 80_15,
      approvalRate: 1,
      openByStage: { inspecting: 2, estimating: 0, awaitingApproval: 0, awaitingParts: 1, working: 0, finished: 0 },
    });
    expect(b!.currency).toBe('USD');
  });

  it("answers the account's stores on today in their zone, and 404 for an account that does not exist", async () => {
    const { repo } = fakeRepo(['a']);
    // 02:00 UTC on the 11th is still the 10th in Toronto.
    const service = createStoreFiguresService({ repo, now: () => new Date('2026-03-11T02:00:00Z') });
    const answer = await service.accountStoreFigures('known', {});
    expect(answer.stores).toMatchObject([{ storeId: 'a', day: '2026-03-10', timeZone: 'America/Toronto' }]);
    expect((await service.accountStoreFigures('known', { day: '2026-01-02' })).stores[0]!.day).toBe('2026-01-02');
    await expect(service.accountStoreFigures('unknown', {})).rejects.toMatchObject({ status: 404 });
  });
});
