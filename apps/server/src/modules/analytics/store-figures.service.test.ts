import { describe, expect, it } from 'vitest';
import { createStoreFiguresService } from './store-figures.service.js';
import type { StoreFiguresRepository } from './store-figures.repository.js';

/** A repository that answers from lists and counts its reads. */
function fakeRepo(storeIds: string[]) {
  const reads: string[] = [];
  const repo: StoreFiguresRepository = {
    async accountStoreIds(accountId) {
      reads.push('accountStoreIds');
      return accountId === 'known' ? storeIds : null;
    },
    async storeSettings(ids) {
      reads.push('storeSettings');
      return ids.map((storeId, i) => ({ storeId, settings: i === 0 ? { currency: 'CAD' } : {} }));
    },
    async carCounts(ids) {
      reads.push('carCounts');
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
  return { repo, reads };
}

describe('storeFigures', () => {
  it('reads four times whatever the number of stores', async () => {
    for (const n of [1, 50]) {
      const ids = Array.from({ length: n }, (_, i) => `s${i}`);
      const { repo, reads } = fakeRepo(ids);
      const figures = await createStoreFiguresService({ repo }).storeFigures(ids, '2026-03-10', 'UTC');
      expect(figures).toHaveLength(n);
      expect(reads.sort()).toEqual(['carCounts', 'decidedItems', 'openOrderStates', 'storeSettings']);
    }
  });

  it("prices each decided item with its line at its estimate's labour rate, and counts stages", async () => {
    const { repo } = fakeRepo(['a', 'b']);
    const [a, b] = await createStoreFiguresService({ repo }).storeFigures(['a', 'b'], '2026-03-10', 'UTC');
    expect(a).toEqual({
      storeId: 'a',
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

  it("answers the account's stores on today in the zone, and 404 for an account that does not exist", async () => {
    const { repo } = fakeRepo(['a']);
    // 02:00 UTC on the 11th is still the 10th in Toronto.
    const service = createStoreFiguresService({ repo, now: () => new Date('2026-03-11T02:00:00Z') });
    const answer = await service.accountStoreFigures('known', { timeZone: 'America/Toronto' });
    expect(answer).toMatchObject({ day: '2026-03-10', timeZone: 'America/Toronto' });
    expect(answer.stores.map((s) => s.storeId)).toEqual(['a']);
    expect((await service.accountStoreFigures('known', { timeZone: 'UTC', day: '2026-01-02' })).day).toBe('2026-01-02');
    await expect(service.accountStoreFigures('unknown', { timeZone: 'UTC' })).rejects.toMatchObject({ status: 404 });
  });
});
