import { describe, expect, it } from 'vitest';
import { decisionFigures, isQuietDay, type DecidedItem, type StoreFigures } from './store-figures.js';

const item = (storeId: string, inspectionOrderId: string, decision: DecidedItem['decision'], amount: number): DecidedItem => ({
  storeId,
  inspectionOrderId,
  decision,
  amount,
});

describe('decisionFigures', () => {
  it('gives each store its approved share of the decided money and its average approved order', () => {
    const figures = decisionFigures(
      ['a', 'b'],
      [
        item('a', 'o1', 'approved', 30_000),
        item('a', 'o1', 'declined', 10_000),
        item('a', 'o2', 'approved', 15_000),
        item('a', 'o3', 'declined', 5_000), // an order declined whole counts at zero
        item('b', 'o4', 'approved', 12_345),
      ],
    );
    expect(figures.get('a')).toEqual({
      decidedOrders: 3,
      approvedAmount: 45_000,
      decidedAmount: 60_000,
      averageRepairOrder: 15_000,
      approvalRate: 0.75,
    });
    expect(figures.get('b')).toEqual({ decidedOrders: 1, approvedAmount: 12_345, decidedAmount: 12_345, averageRepairOrder: 12_345, approvalRate: 1 });
  });

  it('has no average and no rate for a store where nobody decided, and ignores stores not asked for', () => {
    const figures = decisionFigures(['a'], [item('z', 'o9', 'approved', 100)]);
    expect([...figures.keys()]).toEqual(['a']);
    expect(figures.get('a')).toEqual({ decidedOrders: 0, approvedAmount: 0, decidedAmount: 0, averageRepairOrder: null, approvalRate: null });
  });

  it('has no rate when only unpriced items were decided, yet counts their order', () => {
    expect(decisionFigures(['a'], [item('a', 'o1', 'approved', 0)]).get('a')).toEqual({
      decidedOrders: 1,
      approvedAmount: 0,
      decidedAmount: 0,
      averageRepairOrder: 0,
      approvalRate: null,
    });
  });

  it('rounds the average to the cent', () => {
    const figures = decisionFigures(['a'], [item('a', 'o1', 'approved', 100), item('a', 'o2', 'approved', 101), item('a', 'o3', 'approved', 100)]);
    expect(figures.get('a')!.averageRepairOrder).toBe(100); // 301 / 3 = 100.33
  });
});

describe('isQuietDay', () => {
  const quiet: StoreFigures = {
    day: '2026-03-10',
    timeZone: 'America/Toronto',
    storeId: 'a',
    currency: 'USD',
    carCount: 0,
    averageRepairOrder: null,
    approvalRate: null,
    decidedOrders: 0,
    approvedAmount: 0,
    decidedAmount: 0,
    openByStage: { inspecting: 0, estimating: 0, awaitingApproval: 0, awaitingParts: 0, working: 0, finished: 0 },
  };
  it('is a day without cars, decisions or open orders', () => {
    expect(isQuietDay(quiet)).toBe(true);
    expect(isQuietDay({ ...quiet, carCount: 1 })).toBe(false);
    expect(isQuietDay({ ...quiet, decidedOrders: 1 })).toBe(false);
    expect(isQuietDay({ ...quiet, openByStage: { ...quiet.openByStage, working: 1 } })).toBe(false);
  });
});
