import {
  DEFAULT_GROUP,
  isDeficiencyCodeFor,
  resultChangeEffects,
  severityDefaults,
  suggestSeverity,
  tapSeverity,
  type InspectionDefinition,
  type InspectionItem,
  type RepairOrder,
  type InspectionResult,
  type LocalizedText,
  type PreviousMeasurement,
  type ResultSeverity,
  type Role,
} from '@servicebay/domain';

/**
 * The inspection section's pure model (docs/repair-order-page.md "Inspection"): the type's
 * groups, sections and items with their results as rows, the changes a tap or a typed value make
 * (through the domain's severity rules), the optimistic order, and the picture total.
 */

/** Inspection results time-out 20000 ms; the one retry has the same time-out. */
export const RESULTS_TIMEOUT_MS = 20_000;
export const RESULTS_RETRY_TIMEOUT_MS = 20_000;

/** The fields a row sends on a change (a subset of the result write). */
export interface ResultPatch {
  result?: ResultSeverity | null;
  finding?: string | null;
  recommendation?: string | null;
  findingText?: string | null;
  recommendationText?: string | null;
  note?: string | null;
  value?: number | null;
  mapValue?: string | null;
}

/** One line of the page: an item, and its result (none yet for an item not checked). */
export interface ItemRow {
  /** Stable across the result's creation: `itemKey` for single items, `itemKey#resultId` / `itemKey#new` for multiple ones. */
  key: string;
  group: string;
  section: string;
  item: InspectionItem;
  result: InspectionResult | null;
  /** 1-based reading number for multiple items; null for single ones. */
  reading: number | null;
}

export interface SectionView {
  key: string;
  name: LocalizedText;
  rows: ItemRow[];
}

export interface GroupView {
  key: string;
  name: LocalizedText;
  shownByDefault: boolean;
  sections: SectionView[];
}

/** The groups in page order (groupOrder; vehicleDetails first), each item with its result(s). */
export function buildGroups(
  type: Pick<InspectionDefinition, 'groups' | 'groupOrder'>,
  results: readonly InspectionResult[],
): GroupView[] {
  const byItem = new Map<string, InspectionResult[]>();
  for (const r of results) byItem.set(r.itemKey, [...(byItem.get(r.itemKey) ?? []), r]);
  const byKey = new Map(type.groups.map((g) => [g.key, g]));
  const ordered = [
    ...type.groupOrder.map((k) => byKey.get(k)).filter((g) => g !== undefined),
    ...type.groups.filter((g) => !type.groupOrder.includes(g.key)),
  ];
  // vehicleDetails first whatever the order says (the default group).
  ordered.sort((a, b) => Number(b.key === DEFAULT_GROUP) - Number(a.key === DEFAULT_GROUP));
  return ordered.map((g) => ({
    key: g.key,
    name: g.name,
    shownByDefault: g.shownByDefault || g.key === DEFAULT_GROUP,
    sections: g.sections.map((s) => ({
      key: s.key,
      name: s.name,
      rows: s.items.flatMap((item): ItemRow[] => {
        const own = byItem.get(item.itemKey) ?? [];
        const base = { group: g.key, section: s.key, item };
        if (!item.multiple) return [{ ...base, key: item.itemKey, result: own[0] ?? null, reading: null }];
        return [
          ...own.map((r, i) => ({ ...base, key: `${item.itemKey}#${r._id}`, result: r, reading: i + 1 })),
          { ...base, key: `${item.itemKey}#new`, result: null, reading: own.length + 1 },
        ];
      }),
    })),
  }));
}

/** What a tap on a severity button sends (the same severity again clears it). */
export function severityPatch(
  item: Pick<InspectionItem, 'findings'>,
  current: Pick<InspectionResult, 'result' | 'mapValue'> | null,
  tapped: ResultSeverity,
): ResultPatch {
  const choice = tapSeverity(item, current?.result ?? null, tapped);
  const patch: ResultPatch = { ...choice };
  // A deficiency reason of the old severity does not fit the new one: the server would refuse it.
  if (current?.mapValue && !isDeficiencyCodeFor(choice.result, current.mapValue)) patch.mapValue = null;
  return patch;
}

/** A new finding chosen: its first recommendation comes with it for a warning or critical result. */
export function findingPatch(
  item: Pick<InspectionItem, 'findings'>,
  severity: ResultSeverity | null,
  finding: string | null,
): ResultPatch {
  if (finding === null) return { finding: null, recommendation: null };
  const f = item.findings.find((x) => x.key === finding);
  const withRecommendation = severity === 'warning' || severity === 'critical';
  return {
    finding,
    recommendation: withRecommendation ? (f?.recommendations[0]?.key ?? null) : null,
  };
}

export type MeasurementInput = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'value'; value: number };

/** A typed measurement ("4,5" as French tablets type it, or "4.5"), checked against the item's range. */
export function parseMeasurement(text: string, range: { min: number; max: number }): MeasurementInput {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { kind: 'empty' };
  if (!/^-?\d*\.?\d+$|^-?\d+\.$/.test(trimmed)) return { kind: 'invalid' };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < range.min || value > range.max) return { kind: 'invalid' };
  return { kind: 'value', value };
}

/**
 * What a measurement sends: the value, and on a result without a severity the one the thresholds
 * suggest with its defaults (what the server does too, shown at once).
 */
export function measurementPatch(
  item: InspectionItem,
  current: Pick<InspectionResult, 'result'> | null,
  value: number | null,
): ResultPatch {
  if (value === null || !item.measurement) return { value };
  const suggested = suggestSeverity(item.measurement, value);
  if ((current?.result ?? null) !== null || !suggested) return { value };
  return { value, ...severityDefaults(item, suggested) };
}

/** The result as it looks with a change applied, before the server answers. */
export function applyPatch(
  result: InspectionResult | null,
  patch: ResultPatch,
  row: Pick<ItemRow, 'group' | 'section' | 'item'>,
  orderId: string,
  tempId: string,
): InspectionResult {
  const now = new Date().toISOString();
  const base: InspectionResult = result ?? {
    _id: tempId,
    inspectionOrderId: orderId,
    group: row.group,
    section: row.section,
    itemKey: row.item.itemKey,
    result: null,
    finding: null,
    recommendation: null,
    findingText: null,
    recommendationText: null,
    rank: 0,
    multiple: row.item.multiple,
    note: null,
    mapValue: null,
    value: null,
    clientApprovedForWork: false,
    deferredIgnoredByCustomer: false,
    confirmed: false,
    pictures: [],
    videos: [],
    createdAt: now,
    updatedAt: now,
  };
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  return { ...base, ...defined, confirmed: false, updatedAt: now };
}

/** The list with one result replaced (by id), or added at the end; other results keep their identity. */
export function replaceResult(
  results: readonly InspectionResult[],
  id: string,
  next: InspectionResult | null,
): InspectionResult[] {
  const index = results.findIndex((r) => r._id === id);
  if (index === -1) return next ? [...results, next] : [...results];
  const copy = [...results];
  if (next) copy[index] = next;
  else copy.splice(index, 1);
  return copy;
}

/**
 * The order as a result change leaves it (done by the server in the same transaction):
 * a finished inspection reopened, work started, the technician's clock running.
 */
export function orderAfterResultChange(
  order: RepairOrder,
  ctx: { role: Role; timeTrackerEnabled: boolean },
): RepairOrder {
  const effects = resultChangeEffects({
    role: ctx.role,
    timeTrackerEnabled: ctx.timeTrackerEnabled,
    timeTrackerRunning: order.timeTracker.isRunning,
    states: order.states,
  });
  const changed =
    effects.reopen ||
    effects.startTimeTracker ||
    (Object.keys(effects.states) as Array<keyof typeof effects.states>).some(
      (k) => effects.states[k] !== order.states[k],
    );
  if (!changed) return order;
  return {
    ...order,
    states: effects.states,
    finished: effects.reopen ? false : order.finished,
    timeTracker: effects.startTimeTracker ? { ...order.timeTracker, isRunning: true } : order.timeTracker,
  };
}

/** The picture total counts the order's picture, result pictures and result videos. */
export function pictureTotal(
  hasOrderPicture: boolean,
  results: readonly Pick<InspectionResult, 'pictures' | 'videos'>[],
): number {
  return (hasOrderPicture ? 1 : 0) + results.reduce((sum, r) => sum + r.pictures.length + r.videos.length, 0);
}

/**
 * The groups built again after a change, sharing every section whose rows did not change with
 * the previous build, so the sections that did not change are not rendered again.
 */
export function shareSections(previous: readonly GroupView[], next: GroupView[]): GroupView[] {
  const before = new Map(previous.flatMap((g) => g.sections.map((s) => [`${g.key}/${s.key}`, s] as const)));
  const groupsBefore = new Map(previous.map((g) => [g.key, g]));
  return next.map((g) => {
    const sections = g.sections.map((s) => {
      const old = before.get(`${g.key}/${s.key}`);
      const same =
        old &&
        old.rows.length === s.rows.length &&
        old.rows.every(
          (r, i) => r.key === s.rows[i]!.key && r.result === s.rows[i]!.result && r.item === s.rows[i]!.item,
        );
      return same ? old : s;
    });
    const oldGroup = groupsBefore.get(g.key);
    const sameGroup =
      oldGroup &&
      oldGroup.sections.length === sections.length &&
      oldGroup.sections.every((s, i) => s === sections[i]);
    return sameGroup ? oldGroup : { ...g, sections };
  });
}

/** The previous visit's value of each measurement item, by itemKey. */
export function previousByItem(
  previous: readonly PreviousMeasurement[],
): ReadonlyMap<string, PreviousMeasurement> {
  return new Map(previous.map((p) => [p.itemKey, p]));
}

/** A template text in the page's language (fr, else en). */
export function localized(text: LocalizedText, language: string): string {
  return language.startsWith('fr') ? text.fr : text.en;
}

/** A picture name not yet used on the result: `front.jpg`, then `front-2.jpg`, `front-3.jpg`… */
export function uniqueName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((n) => n.toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let i = 2; ; i++) {
    const candidate = `${stem}-${i}${ext}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** The result a row shows: by id for a reading of a multiple item (`itemKey#id`), none for its new row, else by item. */
export function resultOfRow(
  results: readonly InspectionResult[],
  row: { key: string; item: Pick<InspectionItem, 'itemKey'> },
): InspectionResult | null {
  const hash = row.key.indexOf('#');
  if (hash !== -1) {
    const id = row.key.slice(hash + 1);
    return id === 'new' ? null : (results.find((r) => r._id === id) ?? null);
  }
  return results.find((r) => r.itemKey === row.item.itemKey) ?? null;
}
