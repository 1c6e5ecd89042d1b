import {
  AppError,
  errors,
  findingProblem,
  isDeficiencyCodeFor,
  severityDefaults,
  suggestSeverity,
  type CreateResultRequest,
  type LocatedItem,
  type ResultSeverity,
  type UpdateResultRequest,
} from '@servicebay/domain';
import { createInspectionsRepository, type ResultChange, type ResultRow } from '../inspections.repository.js';
import { locate, lockedResult, mediaKeys, typeOfOrder, type Actor, type InspectionsContext } from './context.js';

/**
 * The values a write leaves, checked against the item: the finding and recommendation belong
 * to it, a value only on a measurement item and inside its range, the reason code fits the
 * severity. A changed severity without a finding gets its defaults; a value on an item without
 * a severity gets the one its thresholds suggest.
 */
function resolveChange(
  located: LocatedItem,
  current: ResultRow | null,
  body: Partial<CreateResultRequest & UpdateResultRequest>,
): ResultChange {
  const { item } = located;
  const change: ResultChange = {};
  const copy = [
    'findingText',
    'recommendationText',
    'rank',
    'note',
    'clientApprovedForWork',
    'deferredIgnoredByCustomer',
  ] as const;
  for (const f of copy) if (body[f] !== undefined) (change as Record<string, unknown>)[f] = body[f];

  if (body.value !== undefined && body.value !== null) {
    const m = item.measurement;
    if (!m) throw errors.invalid(`value: ${item.itemKey} is not a measurement item`);
    if (body.value < m.min || body.value > m.max)
      throw errors.invalid(`value: must be from ${m.min} to ${m.max} ${m.unit}`);
  }
  if (body.value !== undefined) change.value = body.value;

  let result = (current?.result ?? null) as ResultSeverity | null;
  let finding = current?.finding ?? null;
  let recommendation = current?.recommendation ?? null;
  if (body.result !== undefined && body.result !== result) {
    result = body.result;
    const d = severityDefaults(item, result);
    finding = d.finding;
    recommendation = d.recommendation;
    change.mapValue = null;
  } else if (body.result === undefined && result === null && body.value != null && item.measurement) {
    const suggested = suggestSeverity(item.measurement, body.value);
    if (suggested) {
      result = suggested;
      const d = severityDefaults(item, result);
      finding = d.finding;
      recommendation = d.recommendation;
    }
  }
  if (body.finding !== undefined) {
    finding = body.finding;
    if (body.recommendation === undefined) recommendation = null;
  }
  if (body.recommendation !== undefined) recommendation = body.recommendation;
  const problem = findingProblem(item, finding, recommendation);
  if (problem) throw errors.invalid(problem);
  if (finding !== null && result === null) throw errors.invalid('finding: needs a result');
  change.result = result;
  change.finding = finding;
  change.recommendation = recommendation;
  const mapValue =
    body.mapValue !== undefined
      ? body.mapValue
      : change.mapValue !== undefined
        ? change.mapValue
        : (current?.mapValue ?? null);
  if (!isDeficiencyCodeFor(result, mapValue))
    throw errors.invalid('mapValue: warning reasons are 1 to 5, critical reasons A to C');
  change.mapValue = mapValue;
  return change;
}

/** A result created, changed or deleted, through the orders feature's inspectionWork. */
export function writeResultsUseCases(ctx: InspectionsContext) {
  const { deps, presentOne } = ctx;
  return {
    async createResult(storeId: string, orderId: string, body: CreateResultRequest, actor: Actor) {
      return deps.orders.inspectionWork(storeId, orderId, actor, async (tx, order) => {
        const repo = createInspectionsRepository(tx);
        const { row: type, definition } = await typeOfOrder(repo, storeId, order);
        const located = locate(definition, body.itemKey);
        if (body.group !== undefined && body.group !== located.group)
          throw errors.invalid(`group: ${body.itemKey} is in ${located.group}`);
        if (body.section !== undefined && body.section !== located.section)
          throw errors.invalid(`section: ${body.itemKey} is in ${located.section}`);
        if (!located.item.multiple && (await repo.singleResultOf(orderId, body.itemKey))) {
          throw new AppError(
            409,
            'CONFLICT',
            `itemKey: ${body.itemKey} already has a result; change it with PUT`,
          );
        }
        const change = resolveChange(located, null, body);
        if (!order.inspectionType) await repo.pinType(storeId, orderId, type.id);
        const row = await repo.insertResult({
          storeId,
          inspectionOrderId: orderId,
          groupKey: located.group,
          sectionKey: located.section,
          itemKey: body.itemKey,
          multiple: located.item.multiple,
          ...change,
          confirmed: false,
          createdBy: actor.id,
        });
        return presentOne(repo, row);
      });
    },

    async updateResult(
      storeId: string,
      orderId: string,
      id: string,
      body: UpdateResultRequest,
      actor: Actor,
    ) {
      const { confirmed, ...fields } = body;
      const onlyConfirm = confirmed === true && Object.values(fields).every((v) => v === undefined);
      return deps.orders.inspectionWork(storeId, orderId, actor, async (tx, order) => {
        const repo = createInspectionsRepository(tx);
        const row = await lockedResult(repo, storeId, orderId, id);
        if (onlyConfirm) return presentOne(repo, await repo.updateResult(storeId, id, { confirmed: true }));
        const { definition } = await typeOfOrder(repo, storeId, order);
        const located = locate(definition, row.itemKey);
        const change = resolveChange(located, row, fields);
        return presentOne(repo, await repo.updateResult(storeId, id, { ...change, confirmed: false }));
      });
    },

    async deleteResult(storeId: string, orderId: string, id: string, actor: Actor) {
      const keys = await deps.orders.inspectionWork(storeId, orderId, actor, async (tx) => {
        const repo = createInspectionsRepository(tx);
        await lockedResult(repo, storeId, orderId, id);
        const media = await repo.media([id]);
        await repo.deleteResult(storeId, id);
        return media.flatMap(mediaKeys);
      });
      await ctx.deleteFiles(keys);
    },
  };
}
