import { z } from 'zod';
import {
  MEASUREMENT_UNITS,
  ZItemKey,
  ZLocalizedText,
  type InspectionDefinition,
  type InspectionGroup,
  type ResultSeverity,
} from './inspection-type.js';

/**
 * What keeps an inspection from being finished, item by item: the required items without a
 * result and the measurement items without their value. The finish refusal carries them (the
 * error body's `details`, and the can-be-finished answer's `blockers`) so a technician is told
 * which items to go back to, not only that some are missing.
 */

const ZBlockingItem = z.object({
  itemKey: ZItemKey,
  /** The item's name in both languages (the client shows the user's). */
  name: ZLocalizedText,
  group: z.string(),
  section: z.string(),
  sectionName: ZLocalizedText,
});

export const ZFinishBlockers = z.object({
  /** Required items with no result (no severity set on any of their results). */
  missingResults: z.array(ZBlockingItem),
  /** Measurement items skipped: required without a value (or na), or given a severity other than na without a value. */
  missingMeasurements: z.array(ZBlockingItem.extend({ unit: z.enum(MEASUREMENT_UNITS) })),
});
export type FinishBlockers = z.infer<typeof ZFinishBlockers>;
export type BlockingItem = FinishBlockers['missingResults'][number];

/** The results the finish rules read. */
export type FinishResult = { itemKey: string; result: ResultSeverity | null; value: number | null };

/** Groups in page order: groupOrder, then any group it does not name. */
function orderedGroups(type: Pick<InspectionDefinition, 'groups' | 'groupOrder'>): InspectionGroup[] {
  const byKey = new Map(type.groups.map((g) => [g.key, g]));
  return [
    ...type.groupOrder.map((k) => byKey.get(k)).filter((g): g is InspectionGroup => !!g),
    ...type.groups.filter((g) => !type.groupOrder.includes(g.key)),
  ];
}

/**
 * Every item that blocks finishing, in page order. A measurement item is skipped when it is
 * required and has neither a value nor na, or when one of its results has a severity other
 * than na and no value; a required item with no severity set on any result has no result. A
 * required measurement item untouched is in both lists.
 */
export function finishBlockers(
  type: Pick<InspectionDefinition, 'groups' | 'groupOrder'>,
  results: readonly FinishResult[],
): FinishBlockers {
  const byItem = new Map<string, FinishResult[]>();
  for (const r of results) byItem.set(r.itemKey, [...(byItem.get(r.itemKey) ?? []), r]);
  const blockers: FinishBlockers = { missingResults: [], missingMeasurements: [] };
  for (const g of orderedGroups(type)) {
    for (const s of g.sections) {
      for (const item of s.items) {
        const entry = { itemKey: item.itemKey, name: item.name, group: g.key, section: s.key, sectionName: s.name };
        const rs = byItem.get(item.itemKey) ?? [];
        const answered = rs.filter((r) => r.result !== null);
        if (item.measurement) {
          const unmeasured = item.required && !rs.some((r) => r.value !== null || r.result === 'na');
          if (unmeasured || answered.some((r) => r.result !== 'na' && r.value === null))
            blockers.missingMeasurements.push({ ...entry, unit: item.measurement.unit });
        }
        if (item.required && answered.length === 0) blockers.missingResults.push(entry);
      }
    }
  }
  return blockers;
}

/** Whether nothing blocks finishing. */
export const noBlockers = (b: FinishBlockers) => b.missingResults.length === 0 && b.missingMeasurements.length === 0;
