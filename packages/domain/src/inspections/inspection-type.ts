import { z } from 'zod';

/**
 * Inspection types (templates): what a technician walks through on an
 * order. A type has groups (vehicleDetails first, shown by default), each with sections of items;
 * an item has an `itemKey` (unique in the type: results name it), findings with recommendations
 * in en and fr, and optionally a measurement with a unit and thresholds that suggest a severity.
 * docs/inspections.md describes the whole contract.
 */

/** Result values; `na` is "not applicable". */
export const RESULT_SEVERITIES = ['okay', 'warning', 'critical', 'na'] as const;
export type ResultSeverity = (typeof RESULT_SEVERITIES)[number];
export const ZResultSeverity = z.enum(RESULT_SEVERITIES);

/** The default group, shown first and open by default. */
export const DEFAULT_GROUP = 'vehicleDetails';
/** The finding a warning or critical gets when the item has none. */
export const OTHER_FINDING = 'Other';

/** A text in both product languages. */
export const ZLocalizedText = z.strictObject({
  en: z.string().min(1).max(500),
  fr: z.string().min(1).max(500),
});
export type LocalizedText = z.infer<typeof ZLocalizedText>;

/** Keys of groups, sections, findings and recommendations: short, stable identifiers. */
export const ZTemplateKey = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,79}$/, 'must be a key of letters, digits, _ . -');
/** An item's key as results carry it. */
export const ZItemKey = z.string().trim().min(1, 'itemKey is mandatory').max(80);

export const ZRecommendation = z.strictObject({ key: ZTemplateKey, text: ZLocalizedText });
export type Recommendation = z.infer<typeof ZRecommendation>;

/** A finding an item may have, for the severities it applies to (first one first). */
export const ZFinding = z.strictObject({
  key: ZTemplateKey,
  text: ZLocalizedText,
  severities: z.array(z.enum(['okay', 'warning', 'critical'])).min(1),
  recommendations: z.array(ZRecommendation),
});
export type Finding = z.infer<typeof ZFinding>;

/** Units measurements are taken in. */
export const MEASUREMENT_UNITS = ['mm', '32nds', 'V', 'psi', 'kPa', '%', 'CCA'] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

/**
 * Thresholds suggesting a severity: `atOrBelow` (pads, tread, voltage: less is worse) or
 * `atOrAbove` (more is worse). A value at or past `critical` suggests critical, at or past
 * `warning` warning, else okay.
 */
export const ZThresholds = z
  .strictObject({ direction: z.enum(['atOrBelow', 'atOrAbove']), warning: z.number(), critical: z.number() })
  .refine((t) => (t.direction === 'atOrBelow' ? t.critical <= t.warning : t.critical >= t.warning), {
    message: 'critical must be past warning',
  });
export type Thresholds = z.infer<typeof ZThresholds>;

export const ZMeasurement = z
  .strictObject({
    unit: z.enum(MEASUREMENT_UNITS),
    /** The range a value must be in (400 otherwise), and the number pad's step. */
    min: z.number(),
    max: z.number(),
    step: z.number().positive(),
    thresholds: ZThresholds.nullable(),
  })
  .refine((m) => m.min < m.max, { message: 'min must be below max' });
export type Measurement = z.infer<typeof ZMeasurement>;

export const ZInspectionItem = z.strictObject({
  itemKey: ZTemplateKey,
  name: ZLocalizedText,
  /** The inspection cannot be finished while a required item has no result (items-required). */
  required: z.boolean(),
  /** Several results may exist for this item (for example one per tire). */
  multiple: z.boolean(),
  findings: z.array(ZFinding),
  measurement: ZMeasurement.nullable(),
});
export type InspectionItem = z.infer<typeof ZInspectionItem>;

export const ZInspectionSection = z.strictObject({
  key: ZTemplateKey,
  name: ZLocalizedText,
  items: z.array(ZInspectionItem).min(1),
});
export type InspectionSection = z.infer<typeof ZInspectionSection>;

export const ZInspectionGroup = z.strictObject({
  key: ZTemplateKey,
  name: ZLocalizedText,
  /** Open when the inspection page loads (vehicleDetails is). */
  shownByDefault: z.boolean(),
  sections: z.array(ZInspectionSection).min(1),
});
export type InspectionGroup = z.infer<typeof ZInspectionGroup>;

export const INSPECTION_TYPE_STATES = ['active', 'archived'] as const;
export type InspectionTypeState = (typeof INSPECTION_TYPE_STATES)[number];

/** What a stored type holds besides its id, name and state: checked by `templateProblems` too. */
export const ZInspectionDefinition = z.strictObject({
  groups: z.array(ZInspectionGroup).min(1),
  /** The group keys in the order the page shows them; vehicleDetails first. */
  groupOrder: z.array(ZTemplateKey).min(1),
});
export type InspectionDefinition = z.infer<typeof ZInspectionDefinition>;

/** GET /store/{s}/inspection/{id} and the order's inspection: the whole type. */
export const ZInspectionType = z.object({
  _id: z.string(),
  name: z.string(),
  /** The store's default (its defaultInspection setting, else the product's default template). */
  isDefault: z.boolean(),
  state: z.enum(INSPECTION_TYPE_STATES),
  /** null: a product template every store may use; else the store that owns it. */
  storeId: z.string().nullable(),
  groups: z.array(ZInspectionGroup),
  groupOrder: z.array(z.string()),
});
export type InspectionType = z.infer<typeof ZInspectionType>;

/** Fields `GET /store/{s}/inspectionType?fields=` may ask for. */
export const INSPECTION_TYPE_FIELDS = [
  '_id',
  'name',
  'isDefault',
  'state',
  'storeId',
  'groups',
  'groupOrder',
] as const;
export type InspectionTypeField = (typeof INSPECTION_TYPE_FIELDS)[number];

/* ---------------------------------------------------------------- pure rules */

/** Where an item sits in a type. */
export interface LocatedItem {
  group: string;
  section: string;
  item: InspectionItem;
}

/** Every item of a type with its group and section, in page order (groupOrder, then as listed). */
export function itemsOf(type: Pick<InspectionDefinition, 'groups' | 'groupOrder'>): LocatedItem[] {
  const byKey = new Map(type.groups.map((g) => [g.key, g]));
  const ordered = [
    ...type.groupOrder.map((k) => byKey.get(k)).filter((g): g is InspectionGroup => !!g),
    ...type.groups.filter((g) => !type.groupOrder.includes(g.key)),
  ];
  return ordered.flatMap((g) =>
    g.sections.flatMap((s) => s.items.map((item) => ({ group: g.key, section: s.key, item }))),
  );
}

/** The item of a type with this key, or null. */
export function findItem(
  type: Pick<InspectionDefinition, 'groups' | 'groupOrder'>,
  itemKey: string,
): LocatedItem | null {
  return itemsOf(type).find((i) => i.item.itemKey === itemKey) ?? null;
}

/**
 * What is wrong with a template beyond its shape: duplicate keys, a groupOrder that does not
 * name every group once, vehicleDetails missing or not first. Empty when it is sound.
 */
export function templateProblems(def: InspectionDefinition): string[] {
  const problems: string[] = [];
  const groupKeys = def.groups.map((g) => g.key);
  if (new Set(groupKeys).size !== groupKeys.length) problems.push('group keys must be unique');
  if (def.groupOrder.length !== groupKeys.length || !groupKeys.every((k) => def.groupOrder.includes(k))) {
    problems.push('groupOrder must name every group once');
  }
  if (def.groupOrder[0] !== DEFAULT_GROUP) problems.push(`${DEFAULT_GROUP} must be the first group`);
  const itemKeys = itemsOf(def).map((i) => i.item.itemKey);
  const seen = new Set<string>();
  for (const k of itemKeys) {
    if (seen.has(k)) problems.push(`itemKey ${k} is used twice`);
    seen.add(k);
  }
  for (const g of def.groups) {
    const sectionKeys = g.sections.map((s) => s.key);
    if (new Set(sectionKeys).size !== sectionKeys.length)
      problems.push(`section keys of ${g.key} must be unique`);
  }
  return problems;
}

/**
 * The severity a measured value suggests (by the item's thresholds), or null
 * when the item has no thresholds.
 */
export function suggestSeverity(
  measurement: Pick<Measurement, 'thresholds'>,
  value: number,
): 'okay' | 'warning' | 'critical' | null {
  const t = measurement.thresholds;
  if (!t) return null;
  const past = (limit: number) => (t.direction === 'atOrBelow' ? value <= limit : value >= limit);
  if (past(t.critical)) return 'critical';
  if (past(t.warning)) return 'warning';
  return 'okay';
}

/* ------------------------------------------------------ deficiency reason codes */

/**
 * Deficiency reason codes: warning reasons 1-5, critical reasons A-C, each mapped to a text
 * key (locale namespace `inspections`, `deficiency.<code>`); without a code the text is 'MAP'.
 * A result carries its code as `mapValue`.
 */
export const DEFICIENCY_REASON_CODES = {
  warning: ['1', '2', '3', '4', '5'],
  critical: ['A', 'B', 'C'],
} as const;
export type DeficiencyReasonCode =
  (typeof DEFICIENCY_REASON_CODES)[keyof typeof DEFICIENCY_REASON_CODES][number];
export const DEFAULT_DEFICIENCY_TEXT = 'MAP';

/** The text key of a code ('inspections:deficiency.A'), or the default text 'MAP' for no or an unknown code. */
export function deficiencyReasonText(code: string | null | undefined): string {
  const all: readonly string[] = [...DEFICIENCY_REASON_CODES.warning, ...DEFICIENCY_REASON_CODES.critical];
  return code && all.includes(code) ? `inspections:deficiency.${code}` : DEFAULT_DEFICIENCY_TEXT;
}

/** Whether a code fits a severity: warning 1-5, critical A-C; null always fits. */
export function isDeficiencyCodeFor(severity: ResultSeverity | null, code: string | null): boolean {
  if (code === null) return true;
  if (severity === 'warning') return (DEFICIENCY_REASON_CODES.warning as readonly string[]).includes(code);
  if (severity === 'critical') return (DEFICIENCY_REASON_CODES.critical as readonly string[]).includes(code);
  return false;
}
