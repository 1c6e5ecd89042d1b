/**
 * The ticket page's rules that sit on top of the customer/vehicle panel: when a ticket may be
 * saved, and how its query string reads (docs/repair-order-form.md). Pure and unit-tested; the
 * staff ticket page uses them.
 */
import { isPlausibleVin } from './vin.js';

/**
 * Why a ticket cannot be saved, in the order the rules are checked. The lower-case ones are
 * message keys ("save or select contact and vehicle", vin_or_order_number_is_mandatory),
 * the upper-case ones product error codes.
 */
export type RepairOrderFormProblem =
  | 'contact_being_edited'
  | 'vehicle_being_edited'
  | 'no_contact_selected'
  | 'no_vehicle_selected'
  | 'CANNOT_CHANGE_VEHICLE'
  | 'vin_or_order_number_is_mandatory'
  | 'VIN_IS_MANDATORY';

export interface RepairOrderFormCheck {
  editingCustomer: boolean;
  editingVehicle: boolean;
  customerId: string | null;
  vehicleId: string | null;
  /** The chosen vehicle's VIN. */
  vin: string | null | undefined;
  orderNumber: string | null | undefined;
  store: { vinOrOrderNumberMandatory?: boolean; vinIsMandatory?: boolean } | null;
  /** On edit: the vehicle the ticket was saved with; another one is refused. */
  savedVehicleId?: string | null;
}

const present = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

export function repairOrderSaveProblem(check: RepairOrderFormCheck): RepairOrderFormProblem | null {
  if (check.editingCustomer) return 'contact_being_edited';
  if (check.editingVehicle) return 'vehicle_being_edited';
  if (!check.customerId) return 'no_contact_selected';
  if (!check.vehicleId) return 'no_vehicle_selected';
  if (check.savedVehicleId && check.savedVehicleId !== check.vehicleId) return 'CANNOT_CHANGE_VEHICLE';
  const hasVin = present(check.vin) && isPlausibleVin(check.vin!);
  if (check.store?.vinOrOrderNumberMandatory && !hasVin && !present(check.orderNumber)) return 'vin_or_order_number_is_mandatory';
  if (check.store?.vinIsMandatory && !hasVin) return 'VIN_IS_MANDATORY';
  return null;
}

export type RepairOrderFormQuery = string | boolean;

/**
 * Query-string values are kept, with the strings true and false turned into booleans.
 * Takes the query's pairs (a URLSearchParams is one); a key given twice keeps its last value.
 */
export function readQueryValues(pairs: Iterable<readonly [string, string]>): Record<string, RepairOrderFormQuery> {
  const values: Record<string, RepairOrderFormQuery> = {};
  for (const [key, value] of pairs) values[key] = value === 'true' ? true : value === 'false' ? false : value;
  return values;
}

/** A query value as an id, or null when it is missing or a boolean. */
export function queryId(values: Record<string, RepairOrderFormQuery>, key: string): string | null {
  const value = values[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Mileage as typed: whole kilometres or miles, or null when empty; NaN stays out. */
export function parseMileage(text: string): number | null | 'invalid' {
  const digits = text.replace(/[\s,]/g, '');
  if (digits === '') return null;
  return /^\d{1,9}$/.test(digits) ? Number(digits) : 'invalid';
}
