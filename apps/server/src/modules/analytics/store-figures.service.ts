import {
  countByStage,
  dayBounds,
  dayIn,
  decisionFigures,
  errors,
  lineAmounts,
  readStoreSettings,
  type AccountStoreFigures,
  type DecidedItem,
  type OrderStep,
  type StoreFigures,
} from '@servicebay/domain';
import type { StoreFiguresRepository } from './store-figures.repository.js';

/**
 * The figures of the day of a set of stores: the one place they are defined (docs/analytics.md),
 * for the owner's store cards now and the analytics pages later.
 */
export function createStoreFiguresService(deps: { repo: StoreFiguresRepository; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The figures of each store on `day` (YYYY-MM-DD) in `timeZone`: four reads, whatever the
   * number of stores. Stores are answered in the order asked.
   */
  async function storeFigures(storeIds: readonly string[], day: string, timeZone: string): Promise<StoreFigures[]> {
    const { from, to } = dayBounds(day, timeZone);
    const [settings, cars, open, decided] = await Promise.all([
      repo.storeSettings(storeIds),
      repo.carCounts(storeIds, from, to),
      repo.openOrderStates(storeIds),
      repo.decidedItems(storeIds, from, to),
    ]);
    const carsOf = new Map(cars.map((c) => [c.storeId, c.cars]));
    const currencyOf = new Map(settings.map((s) => [s.storeId, readStoreSettings(s.settings).currency]));
    const items: DecidedItem[] = decided.map((d) => ({
      storeId: d.storeId,
      inspectionOrderId: d.inspectionOrderId,
      decision: d.decision === 'approved' ? 'approved' : 'declined',
      amount:
        d.labourRate === null || d.labourHours === null
          ? 0
          : lineAmounts({ labourHours: d.labourHours, parts: d.parts ?? [], fees: d.fees ?? [] }, d.labourRate).subtotal,
    }));
    const approvals = decisionFigures(storeIds, items);
    const openOf = new Map<string, Array<{ states: Partial<Record<OrderStep, string>>; count: number }>>();
    for (const o of open) {
      const list = openOf.get(o.storeId) ?? [];
      list.push({
        states: { inspection: o.inspection, estimate: o.estimate, approval: o.approval, parts: o.parts, work: o.work },
        count: o.count,
      });
      openOf.set(o.storeId, list);
    }
    return storeIds.map((storeId) => {
      const a = approvals.get(storeId)!;
      return {
        storeId,
        currency: currencyOf.get(storeId) ?? 'USD',
        carCount: carsOf.get(storeId) ?? 0,
        averageRepairOrder: a.averageRepairOrder,
        approvalRate: a.approvalRate,
        decidedOrders: a.decidedOrders,
        approvedAmount: a.approvedAmount,
        decidedAmount: a.decidedAmount,
        openByStage: countByStage(openOf.get(storeId) ?? []),
      };
    });
  }

  return {
    storeFigures,

    /** Every store of the account on `day` (today in `timeZone` when absent); 404 for an unknown account. */
    async accountStoreFigures(accountId: string, query: { timeZone: string; day?: string }): Promise<AccountStoreFigures> {
      const storeIds = await repo.accountStoreIds(accountId);
      if (!storeIds) throw errors.notFound();
      const day = query.day ?? dayIn(now(), query.timeZone);
      return { day, timeZone: query.timeZone, stores: await storeFigures(storeIds, day, query.timeZone) };
    },
  };
}

export type StoreFiguresService = ReturnType<typeof createStoreFiguresService>;
