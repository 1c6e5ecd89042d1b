import { z } from 'zod';
import { ZId } from '../http/common.js';
import { canChangeInspectionTypeWhenAutomatic } from '../permissions.js';
import type { Role } from '../roles.js';

/**
 * Automatic inspection selection: a store maps customers' business names to
 * inspection types; with `automaticInspectionSelectionEnabled` a new order gets the type of its
 * customer's business name, else the store's `defaultInspection`.
 */

export const ZAutomaticInspectionSelection = z.object({
  _id: z.string(),
  /** The business name, as typed (matched without regard to case or surrounding spaces). */
  match: z.string(),
  /** The inspection type's name. */
  inspectionName: z.string(),
});
export type AutomaticInspectionSelection = z.infer<typeof ZAutomaticInspectionSelection>;

export const ZAutomaticInspectionSelectionList = z.object({
  automaticInspectionSelections: z.array(ZAutomaticInspectionSelection),
});

/** POST: with `_id` that selection is changed; else the one for this business name is created or replaced. */
export const ZAutomaticInspectionSelectionRequest = z.strictObject({
  _id: ZId.optional(),
  match: z.string().trim().min(1, 'match is mandatory').max(200),
  inspectionName: z.string().trim().min(1, 'inspectionName is mandatory').max(200),
});
export type AutomaticInspectionSelectionRequest = z.infer<typeof ZAutomaticInspectionSelectionRequest>;

/** The two failure messages the staff app shows (locale keys `inspections:automaticSelection.*`). */
export const AUTOMATIC_SELECTION_FAILURES = {
  select: 'Something went wrong automatically selecting the inspectionType',
  update: 'Something went wrong updating the inspection type for the business name',
} as const;

/** The key business names are compared on: trimmed, inner spaces folded, lower case. */
export function businessMatchKey(business: string): string {
  return business.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The type a new order gets when none was sent: with automatic selection on, the type mapped to
 * the customer's business name; else (or without a match) the store's default; else null.
 */
export function selectInspectionType(input: {
  enabled: boolean;
  business: string | null;
  selections: ReadonlyArray<{ match: string; inspectionTypeId: string }>;
  defaultTypeId: string | null;
}): { inspectionTypeId: string | null; by: 'automatic' | 'default' | 'none' } {
  if (input.enabled && input.business && input.business.trim()) {
    const key = businessMatchKey(input.business);
    const hit = input.selections.find((s) => businessMatchKey(s.match) === key);
    if (hit) return { inspectionTypeId: hit.inspectionTypeId, by: 'automatic' };
  }
  return input.defaultTypeId
    ? { inspectionTypeId: input.defaultTypeId, by: 'default' }
    : { inspectionTypeId: null, by: 'none' };
}

/** The type is free to pick unless automatic selection is on; then only owner and admin (and root). */
export function mayChangeInspectionType(role: Role, automaticSelectionEnabled: boolean): boolean {
  return !automaticSelectionEnabled || canChangeInspectionTypeWhenAutomatic(role) || role === 'root';
}

/** Who may write the business-name map (the override modal of account-level users). */
export const AUTOMATIC_SELECTION_WRITE_ROLES: readonly Role[] = ['owner', 'admin', 'root'];
