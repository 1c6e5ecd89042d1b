import { errors, itemsOf, type ResultList, type ResultSeverity } from '@servicebay/domain';
import type { Db } from '../../../platform/db/client.js';
import { createInspectionsRepository, type MediaRow } from '../inspections.repository.js';
import { decisionOf, iso, typeOfOrder, type InspectionsContext } from './context.js';

/** An order's media by result, in their order: each result's own found without scanning them all. */
function mediaByResult(media: readonly MediaRow[]): (resultId: string) => MediaRow[] {
  const byResult = new Map<string, MediaRow[]>();
  for (const m of media) {
    const own = byResult.get(m.resultId);
    if (own) own.push(m);
    else byResult.set(m.resultId, [m]);
  }
  return (resultId) => byResult.get(resultId) ?? [];
}

/** The order's results: the inspection page's list, one result, the estimate's and the report's reads. */
export function readResultsUseCases(ctx: InspectionsContext) {
  const { deps, readRepo, presentResult } = ctx;
  return {
    async results(storeId: string, orderId: string, grouped: boolean): Promise<ResultList> {
      const order = await deps.orders.get(storeId, orderId);
      // The type, the results with their media and the previous visit's measurements at once.
      const [{ definition }, rows, media, previousRows] = await Promise.all([
        typeOfOrder(readRepo, storeId, order),
        readRepo.results(storeId, orderId),
        readRepo.mediaOfOrder(storeId, orderId),
        readRepo.previousMeasurements(storeId, order.vehicleId, new Date(order.date), order._id),
      ]);
      const mediaOf = mediaByResult(media);
      // Page order: the type's groups and items, then rank and creation (rows come by rank).
      const position = new Map(itemsOf(definition).map((i, n) => [i.item.itemKey, n]));
      const results = rows
        .map((r) => presentResult(r, mediaOf(r.id)))
        .sort((a, b) => (position.get(a.itemKey) ?? 1e9) - (position.get(b.itemKey) ?? 1e9));
      const measured = new Set(
        itemsOf(definition)
          .filter((i) => i.item.measurement)
          .map((i) => i.item.itemKey),
      );
      const previous = previousRows
        .filter((p) => measured.has(p.itemKey))
        .map((p) => ({
          itemKey: p.itemKey,
          value: p.value,
          result: p.result as ResultSeverity | null,
          inspectionOrderId: p.inspectionOrderId,
          orderNumber: p.orderNumber,
          date: p.date.toISOString(),
        }));
      const answer: ResultList = { results, previousMeasurements: previous };
      if (grouped) {
        const order = definition.groupOrder.length
          ? definition.groupOrder
          : definition.groups.map((g) => g.key);
        answer.grouped = order
          .map((gk) => definition.groups.find((g) => g.key === gk))
          .filter((g) => !!g)
          .map((g) => ({
            group: g.key,
            sections: g.sections
              .map((s) => ({
                section: s.key,
                resultIds: results.filter((r) => r.group === g.key && r.section === s.key).map((r) => r._id),
              }))
              .filter((s) => s.resultIds.length > 0),
          }))
          .filter((g) => g.sections.length > 0);
      }
      return answer;
    },

    /**
     * The order's results in page order, each with its item of the type (null when the type no
     * longer has it): what the estimate draws its lines from (docs/estimates.md). No media.
     */
    async resultsWithItems(storeId: string, orderId: string, db: Db = deps.db) {
      // Only `db`: inside a transaction (PGlite has one connection) nothing may read beside it.
      const repo = createInspectionsRepository(db);
      const order = await repo.order(storeId, orderId);
      if (!order) throw errors.notFound();
      const rows = await repo.results(storeId, orderId);
      if (!rows.length) return [];
      const { definition } = await typeOfOrder(repo, storeId, order);
      const located = itemsOf(definition);
      const position = new Map(located.map((i, n) => [i.item.itemKey, n]));
      const items = new Map(located.map((i) => [i.item.itemKey, i.item]));
      return [...rows]
        .sort((a, b) => (position.get(a.itemKey) ?? 1e9) - (position.get(b.itemKey) ?? 1e9))
        .map((r) => ({
          result: {
            id: r.id,
            result: r.result as ResultSeverity | null,
            finding: r.finding,
            recommendation: r.recommendation,
            findingText: r.findingText,
            recommendationText: r.recommendationText,
          },
          item: items.get(r.itemKey) ?? null,
        }));
    },

    async result(storeId: string, orderId: string, id: string) {
      return ctx.resultOf(storeId, orderId, id);
    },

    /**
     * What the customer's report shows of the inspection (docs/reports.md): the order's type
     * (texts in both languages) and its results in page order, each with the customer's decision.
     * The caller checked the order is the store's.
     */
    async reportItems(storeId: string, order: { _id: string; inspectionType: string | null }) {
      const [{ definition }, rows, media] = await Promise.all([
        typeOfOrder(readRepo, storeId, order),
        readRepo.results(storeId, order._id),
        readRepo.mediaOfOrder(storeId, order._id),
      ]);
      const mediaOf = mediaByResult(media);
      const position = new Map(itemsOf(definition).map((i, n) => [i.item.itemKey, n]));
      const items = rows
        .map((r) => ({
          result: presentResult(r, mediaOf(r.id)),
          decision: decisionOf(r.customerDecision),
          decidedAt: iso(r.customerDecidedAt),
        }))
        .sort((a, b) => (position.get(a.result.itemKey) ?? 1e9) - (position.get(b.result.itemKey) ?? 1e9));
      return { definition, items };
    },

    /** Registrar resolver. */
    resultStore: (id: string) => readRepo.resultStore(id),
  };
}
