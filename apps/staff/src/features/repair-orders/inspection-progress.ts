import {
  finishBlockers,
  type FinishBlockers,
  type InspectionDefinition,
  type InspectionResult,
  type LocalizedText,
  type MeasurementUnit,
} from '@servicebay/domain';
import { severityPatch, type ItemRow, type ResultPatch } from './inspection-model.js';

/**
 * What is left before an inspection can be finished, and the "All OK" of a section, as pure
 * functions (docs/repair-order-page.md "What is left"): the progress bar and the refused finish
 * list the same entries, each leading to its item.
 */

/** One item that blocks finishing, with what it lacks (a result, its measurement or both). */
export interface LeftEntry {
  itemKey: string;
  group: string;
  section: string;
  name: LocalizedText;
  sectionName: LocalizedText;
  missingResult: boolean;
  /** The unit of the missing measurement; null when the measurement is not what is missing. */
  missingMeasurement: MeasurementUnit | null;
}

/**
 * The blocking items as one entry per item: the items missing a measurement first (the
 * server's first reason), then those missing only a result, each list in page order.
 */
export function leftEntries(blockers: FinishBlockers): LeftEntry[] {
  const entries = new Map<string, LeftEntry>();
  for (const m of blockers.missingMeasurements) {
    entries.set(m.itemKey, { ...pick(m), missingResult: false, missingMeasurement: m.unit });
  }
  for (const r of blockers.missingResults) {
    const known = entries.get(r.itemKey);
    if (known) known.missingResult = true;
    else entries.set(r.itemKey, { ...pick(r), missingResult: true, missingMeasurement: null });
  }
  return [...entries.values()];
}

const pick = (i: FinishBlockers['missingResults'][number]) => ({
  itemKey: i.itemKey,
  group: i.group,
  section: i.section,
  name: i.name,
  sectionName: i.sectionName,
});

/** The progress bar's figures: items answered (a severity set) of all items, and what blocks finishing. */
export function inspectionProgress(
  type: Pick<InspectionDefinition, 'groups' | 'groupOrder'>,
  results: readonly Pick<InspectionResult, 'itemKey' | 'result' | 'value'>[],
): { answered: number; total: number; left: LeftEntry[] } {
  const keys = type.groups.flatMap((g) => g.sections.flatMap((s) => s.items.map((i) => i.itemKey)));
  const answered = new Set(results.filter((r) => r.result !== null).map((r) => r.itemKey));
  return {
    answered: keys.filter((k) => answered.has(k)).length,
    total: keys.length,
    left: leftEntries(finishBlockers(type, results)),
  };
}

/** One write of "All OK": the row and what it sends. */
export interface AllOkStep {
  row: ItemRow;
  patch: ResultPatch;
}

/**
 * "All OK" for a section: okay (with its default finding) on every item that has no severity
 * yet. A result already set is never overwritten. A measurement item is left to its value (the
 * thresholds then suggest the severity; an okay set first would hide a worn part) unless its
 * value is already in. A multiple item gets one reading only when it has none.
 */
export function allOkPlan(rows: readonly ItemRow[]): AllOkStep[] {
  const withReadings = new Set(rows.filter((r) => r.reading !== null && r.result !== null).map((r) => r.item.itemKey));
  return rows
    .filter((row) => (row.result?.result ?? null) === null)
    .filter((row) => !row.item.measurement || row.result?.value != null)
    .filter((row) => row.reading === null || row.result !== null || !withReadings.has(row.item.itemKey))
    .map((row) => ({ row, patch: severityPatch(row.item, row.result, 'okay') }));
}
