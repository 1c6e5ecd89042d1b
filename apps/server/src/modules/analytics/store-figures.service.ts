import {
  countByStage,
  dayBounds,
  dayIn,
  decisionFigures,
  errors,
  lineAmounts,
  readStoreSettings,
  storedStoreTimeZone,
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
   * The figures of each store on its own calendar day, read in its own time zone (storeTimeZone):
   * `day` (YYYY-MM-DD) when given, else today there. Stores sharing a day and a zone (an account's
   * stores, usually) are read together: the store row, the open orders, then the cars and the
   * decisions once per distinct day and zone, whatever the number of stores. Stores are answered
   * in the order asked.
   */
  async function storeFigures(storeIds: readonly string[], day?: string): Promise<StoreFigures[]> {
    const [settings, open] = await Promise.all([repo.storeSettings(storeIds), repo.openOrderStates(storeIds)]);
    const settingsOf = new Map(settings.map((s) => [s.storeId, s]));
    const at = now();
    const periodOf = new Map<string, { day: string; timeZone: string }>();
    const groups = new Map<string, { day: string; timeZone: string; storeIds: string[] }>();
    for (const storeId of storeIds) {
      const row = settingsOf.get(storeId);
      const timeZone = storedStoreTimeZone(row ?? { settings: null, country: null, state: null });
      const period = { day: day ?? dayIn(at, timeZone), timeZone };
      periodOf.set(storeId, period);
      const key = `${period.day} ${timeZone}`;
      const group = groups.get(key) ?? { ...period, storeIds: [] };
      group.storeIds.push(storeId);
      groups.set(key, group);
    }
    const read = await Promise.all(
      [...groups.values()].map(async (g) => {
        const { from, to } = dayBounds(g.day, g.timeZone);
        const [cars, decided] = await Promise.all([repo.carCounts(g.storeIds, from, to), repo.decidedItems(g.storeIds, from, to)]);
        return { cars, decided };
      }),
    );
    const cars = read.flatMap((r) => r.cars);
    const decided = read.flatMap((r) => r.decided);
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
        ...periodOf.get(storeId)!,
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

    /** Every store of the account, each on `day` (today when absent) in its own time zone; 404 for an unknown account. */
    async accountStoreFigures(accountId: string, query: { day?: string }): Promise<AccountStoreFigures> {
      const storeIds = await repo.accountStoreIds(accountId);
      if (!storeIds) throw errors.notFound();
      return { stores: await storeFigures(storeIds, query.day) };
    },
  };
}

export type StoreFiguresService = ReturnType<typeof createStoreFiguresService>;
