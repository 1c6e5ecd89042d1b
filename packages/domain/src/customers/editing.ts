/**
 * The customer/vehicle panel's editing rules (docs/customers.md): one customer and one vehicle
 * edited at a time, the save rules, the year/make/model cascade. Pure: the staff app keeps a
 * PanelState and moves it only through these functions, so every rule is unit-tested here and the
 * screens stay thin.
 */
import type { ErrorCode } from '../errors.js';
import { prepareCustomerSave, ZCustomerFields, type CustomerDraft } from './customer.js';
import { ZVehicleFields } from './vehicle.js';
import { isPlausibleVin } from './vin.js';

/** A refusal: the error code the screen translates into a danger alert. */
export interface Refusal {
  ok: false;
  code: ErrorCode;
}
export type Outcome<T> = { ok: true; value: T } | Refusal;

const refuse = (code: ErrorCode): Refusal => ({ ok: false, code });
const accept = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/** A customer in the form: the API's fields, `_id` once saved. */
export interface CustomerForm extends CustomerDraft {
  _id?: string;
  homePhone?: string | null;
  workPhone?: string | null;
  permissionToText?: boolean;
}

/** A vehicle in the form: the API's fields, `_id` once saved, and the error marker (no update while set). */
export interface VehicleForm {
  _id?: string;
  vin?: string | null;
  year?: number | null;
  make?: string | null;
  model?: string | null;
  engine?: string | null;
  trim?: string | null;
  customYMME?: boolean;
  carId?: string | null;
  licensePlate?: string | null;
  fleetNumber?: string | null;
  color?: string | null;
  blockedFields?: string[];
  /**
   * Set while the vehicle carries an error (the VIN lookup failed: 'VIN not found', or answered
   * 400 or more); its update is then not sent. Cleared by a new VIN or a YMME choice.
   */
  error?: string | null;
  [field: string]: unknown;
}

/**
 * What the panel holds: the household's customers and vehicles, the one of each chosen for the
 * ticket, and the one (at most) of each being created or edited.
 */
export interface PanelState<C extends { _id: string } = { _id: string }, V extends { _id: string } = { _id: string }> {
  customers: C[];
  vehicles: V[];
  selectedCustomerId: string | null;
  selectedVehicleId: string | null;
  editingCustomer: CustomerForm | null;
  editingVehicle: VehicleForm | null;
}

export function emptyPanel<C extends { _id: string }, V extends { _id: string }>(): PanelState<C, V> {
  return { customers: [], vehicles: [], selectedCustomerId: null, selectedVehicleId: null, editingCustomer: null, editingVehicle: null };
}

/** A new customer form: honorific Mr by default. */
export function newCustomerForm(): CustomerForm {
  return { honorific: 'Mr', firstName: '', lastName: '', business: '', email: '', mobilePhone: '', homePhone: '', workPhone: '', primaryPhone: '', permissionToText: false };
}

export function newVehicleForm(): VehicleForm {
  return { vin: '', year: null, make: null, model: null, engine: null, trim: null, customYMME: false, licensePlate: '', fleetNumber: '', color: '', error: null };
}

/** The form already open is for this saved record (a new one is never "the same": it has no id yet). */
const sameRecord = (open: { _id?: string }, next: { _id?: string }) => open._id !== undefined && open._id === next._id;

/**
 * Adding a customer while another is being edited is refused (CANNOT_ADD_CUSTOMER_WHEN_EDITING_ANOTHER).
 * Opening an existing one for editing follows the same rule: the form holds one customer at a time,
 * so starting another would silently drop the first one's changes.
 */
export function startCustomer<C extends { _id: string }, V extends { _id: string }>(
  state: PanelState<C, V>,
  form: CustomerForm = newCustomerForm(),
): Outcome<PanelState<C, V>> {
  if (state.editingCustomer && !sameRecord(state.editingCustomer, form)) return refuse('CANNOT_ADD_CUSTOMER_WHEN_EDITING_ANOTHER');
  const withHonorific = { ...form, honorific: form.honorific?.trim() ? form.honorific : 'Mr' };
  return accept({ ...state, editingCustomer: withHonorific });
}

/** The vehicle twin of startCustomer (CANNOT_ADD_VEHICLE_WHEN_EDITING_ANOTHER). */
export function startVehicle<C extends { _id: string }, V extends { _id: string }>(
  state: PanelState<C, V>,
  form: VehicleForm = newVehicleForm(),
): Outcome<PanelState<C, V>> {
  if (state.editingVehicle && !sameRecord(state.editingVehicle, form)) return refuse('CANNOT_ADD_VEHICLE_WHEN_EDITING_ANOTHER');
  return accept({ ...state, editingVehicle: { error: null, ...form } });
}

/** Cancel clears editing; the records are as they were. */
export function cancelCustomer<C extends { _id: string }, V extends { _id: string }>(state: PanelState<C, V>): PanelState<C, V> {
  return { ...state, editingCustomer: null };
}

export function cancelVehicle<C extends { _id: string }, V extends { _id: string }>(state: PanelState<C, V>): PanelState<C, V> {
  return { ...state, editingVehicle: null };
}

/** Removing the selected customer, or the last one, is refused (CANNOT_REMOVE_MAIN_CUSTOMER). */
export function removeCustomer<C extends { _id: string }, V extends { _id: string }>(state: PanelState<C, V>, customerId: string): Outcome<PanelState<C, V>> {
  if (customerId === state.selectedCustomerId || state.customers.length <= 1) return refuse('CANNOT_REMOVE_MAIN_CUSTOMER');
  return accept({
    ...state,
    customers: state.customers.filter((c) => c._id !== customerId),
    editingCustomer: state.editingCustomer?._id === customerId ? null : state.editingCustomer,
  });
}

/** Removing the selected vehicle, or the last one, is refused (CANNOT_REMOVE_MAIN_VEHICLE). */
export function removeVehicle<C extends { _id: string }, V extends { _id: string }>(state: PanelState<C, V>, vehicleId: string): Outcome<PanelState<C, V>> {
  if (vehicleId === state.selectedVehicleId || state.vehicles.length <= 1) return refuse('CANNOT_REMOVE_MAIN_VEHICLE');
  return accept({
    ...state,
    vehicles: state.vehicles.filter((v) => v._id !== vehicleId),
    editingVehicle: state.editingVehicle?._id === vehicleId ? null : state.editingVehicle,
  });
}

/**
 * A saved customer or vehicle (created or updated by the server) takes its place in the household
 * list, is selected, and editing ends.
 */
export function customerSaved<C extends { _id: string }, V extends { _id: string }>(state: PanelState<C, V>, saved: C): PanelState<C, V> {
  const known = state.customers.some((c) => c._id === saved._id);
  return {
    ...state,
    customers: known ? state.customers.map((c) => (c._id === saved._id ? saved : c)) : [...state.customers, saved],
    selectedCustomerId: saved._id,
    editingCustomer: null,
  };
}

export function vehicleSaved<C extends { _id: string }, V extends { _id: string }>(state: PanelState<C, V>, saved: V): PanelState<C, V> {
  const known = state.vehicles.some((v) => v._id === saved._id);
  return {
    ...state,
    vehicles: known ? state.vehicles.map((v) => (v._id === saved._id ? saved : v)) : [...state.vehicles, saved],
    selectedVehicleId: saved._id,
    editingVehicle: null,
  };
}

/** A household chosen from the search: its records; the first customer and vehicle are selected. */
export function householdChosen<C extends { _id: string }, V extends { _id: string }>(
  customers: C[],
  vehicles: V[],
  prefer: { customerId?: string | null; vehicleId?: string | null } = {},
): PanelState<C, V> {
  const pick = <T extends { _id: string }>(list: T[], id: string | null | undefined) => (id && list.some((x) => x._id === id) ? id : (list[0]?._id ?? null));
  return {
    customers,
    vehicles,
    selectedCustomerId: pick(customers, prefer.customerId),
    selectedVehicleId: pick(vehicles, prefer.vehicleId),
    editingCustomer: null,
    editingVehicle: null,
  };
}

/** What the customer routes take; the rest of a record (_id, _links, storeId...) stays home. */
const CUSTOMER_FIELDS = new Set(Object.keys(ZCustomerFields.shape));
/** What the vehicle routes take. */
const VEHICLE_FIELDS = new Set(Object.keys(ZVehicleFields.shape));

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * Customer save, on the client: mobilePhone copied to primaryPhone when that is empty,
 * e-mail trimmed, honorific Mr by default, firstName/lastName/business required unless marked not
 * mandatory, an e-mail valid if present. The body keeps only the fields that carry something
 * (blank texts become null, so a cleared field is cleared on the server too).
 */
export function customerSaveBody(form: CustomerForm): Outcome<Record<string, unknown>> {
  const prepared = prepareCustomerSave(form);
  if (!prepared.ok) return refuse(prepared.code);
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(prepared.value)) {
    if (!CUSTOMER_FIELDS.has(key) || value === undefined) continue;
    body[key] = typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value;
  }
  return accept(body);
}

// ---------------------------------------------------------------------------------------------
// Year, make, model, engine

export type YmmeField = 'year' | 'make' | 'model' | 'engine';
/** Dependents cleared when a field changes: the fields after it, and VIN and trim. */
const DEPENDENTS: Record<YmmeField, Array<'make' | 'model' | 'engine'>> = {
  year: ['make', 'model', 'engine'],
  make: ['model', 'engine'],
  model: ['engine'],
  engine: [],
};
/** The lists to load again after a change: the one right below the changed field. */
const RELOAD: Record<YmmeField, 'make' | 'model' | 'engine' | null> = { year: 'make', make: 'model', model: 'engine', engine: null };

export type ConfirmKey = 'confirm_change_year' | 'confirm_change_make' | 'confirm_change_model';

export interface YmmeChange {
  /** The vehicle once the change is applied. */
  vehicle: VehicleForm;
  /** Ask this first (translated) because a valid-looking VIN would be cleared; null: apply at once. */
  confirm: ConfirmKey | null;
  /** The list to load again for the new value (null for engine). */
  reload: 'make' | 'model' | 'engine' | null;
}

/**
 * Changing year, make or model clears the dependent fields and VIN, trim and engine, and the list
 * below is reloaded; when the VIN looks valid the change is confirmed first (confirm_change_*).
 * Choosing an engine only sets it. The error marker goes: the vehicle is now described by hand.
 */
export function changeYmme(vehicle: VehicleForm, field: YmmeField, value: string | number | null): YmmeChange {
  const next: VehicleForm = { ...vehicle, [field]: value, error: null };
  if (field === 'engine') return { vehicle: next, confirm: null, reload: null };
  for (const dependent of DEPENDENTS[field]) next[dependent] = null;
  next.vin = null;
  next.trim = null;
  next.engine = null;
  const confirm = typeof vehicle.vin === 'string' && isPlausibleVin(vehicle.vin) ? (`confirm_change_${field}` as ConfirmKey) : null;
  return { vehicle: next, confirm, reload: value === null || value === '' ? null : RELOAD[field] };
}

/**
 * A VIN typed or scanned (on commit, not each keystroke). A plausible VIN (isPlausibleVin) leaves
 * custom entry and is to be decoded; anything else switches to custom year/make/model/engine entry
 * and clears year, make, model, engine and trim. The text is not kept as the VIN: the server
 * refuses one that is not plausible (VIN_IS_INVALID).
 */
export function enterVin(vehicle: VehicleForm, input: string): { vehicle: VehicleForm; decode: boolean } {
  const text = input.trim();
  if (text === '') return { vehicle: { ...vehicle, vin: null, error: null }, decode: false };
  if (isPlausibleVin(text)) return { vehicle: { ...vehicle, vin: text.toUpperCase(), customYMME: false, error: null }, decode: true };
  return {
    vehicle: { ...vehicle, vin: null, customYMME: true, year: null, make: null, model: null, engine: null, trim: null, error: null },
    decode: false,
  };
}

/** What the VIN decoder gave, applied to the form: year, make, model, engine, trim. */
export function vinDecoded(
  vehicle: VehicleForm,
  decoded: { vin: string; year: number; make: string; model: string; engine: string | null; trim: string | null },
): VehicleForm {
  return { ...vehicle, vin: decoded.vin, year: decoded.year, make: decoded.make, model: decoded.model, engine: decoded.engine, trim: decoded.trim, customYMME: false, error: null };
}

/** The VIN lookup failed ('VIN not found', status 400 or more): the vehicle carries the error. */
export function vinLookupFailed(vehicle: VehicleForm, error: string): VehicleForm {
  return { ...vehicle, error };
}

// ---------------------------------------------------------------------------------------------
// Vehicle save

/** Changes to these put the field in blockedFields, named as the API names them. */
export const BLOCKING_FIELDS = ['vin', 'licensePlate', 'year', 'make', 'model', 'engine', 'carId'] as const;

/**
 * Never sent: identity and links (_id, _links), the server's state, and whatever else the vehicle
 * routes do not take (the client's error marker, the household: the update route does not move a
 * vehicle between households, removing does).
 */
const sendable = (key: string) => VEHICLE_FIELDS.has(key) && key !== 'blockedFields';

const same = (a: unknown, b: unknown) => (blank(a) && blank(b)) || a === b;

/**
 * The vehicle update body: only non-null fields, without _id, _links and state; null
 * when the vehicle carries an error (nothing is sent). blockedFields, when vin, licensePlate, year,
 * make, model, engine or carId changed from the saved vehicle, holds those fields together with
 * the ones already blocked.
 */
export function vehicleUpdateBody(saved: VehicleForm, edited: VehicleForm): Record<string, unknown> | null {
  if (edited.error) return null;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edited)) {
    if (!sendable(key) || value === null || value === undefined) continue;
    body[key] = typeof value === 'string' ? value.trim() : value;
  }
  const changed = BLOCKING_FIELDS.filter((field) => !same(saved[field], edited[field]));
  if (changed.length) body.blockedFields = [...new Set([...(saved.blockedFields ?? []), ...changed])];
  return body;
}

/** The create body: the same rules, everything new (nothing blocked yet), in the given household. */
export function vehicleCreateBody(edited: VehicleForm, householdId: string): Record<string, unknown> | null {
  if (edited.error) return null;
  const body: Record<string, unknown> = { householdId };
  for (const [key, value] of Object.entries(edited)) {
    if (!sendable(key) || blank(value)) continue;
    body[key] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}
