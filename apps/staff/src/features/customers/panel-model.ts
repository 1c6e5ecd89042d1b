import {
  customerSaved,
  customerSaveBody,
  householdChosen,
  startVehicle,
  vehicleCreateBody,
  vehicleUpdateBody,
  type Customer,
  type CustomerForm,
  type Household,
  type PanelState,
  type Vehicle,
  type VehicleForm,
} from '@servicebay/domain';
import type { DecodeStatus } from './VinField.js';

/**
 * The customer/vehicle panel's staff-side steps, pure: where the panel starts, what a save sends
 * (or why it cannot), what the panel holds after each answer, what the layout shows, and the VIN
 * and year/make/model/engine entry around the domain's editing rules (`editing.ts`). `usePanel`
 * and the forms run them with the API and the dialogs.
 */

export type Panel = PanelState<Customer, Vehicle>;

/** Where the panel starts: a household, a customer's or a vehicle's household, or nothing. */
export interface PanelStart {
  householdId?: string | null;
  customerId?: string | null;
  vehicleId?: string | null;
}

/** A record as the form edits it: the same fields, texts instead of nulls. */
export function customerForm(c: Customer): CustomerForm {
  return { ...c };
}
export function vehicleForm(v: Vehicle): VehicleForm {
  return { ...v, error: null };
}

/** Which record finds the household to open first: the household given, else the customer's, else the vehicle's. */
export function startSource(
  start: PanelStart,
): { kind: 'household' | 'customer' | 'vehicle'; id: string } | null {
  if (start.householdId) return { kind: 'household', id: start.householdId };
  if (start.customerId) return { kind: 'customer', id: start.customerId };
  if (start.vehicleId) return { kind: 'vehicle', id: start.vehicleId };
  return null;
}

/** A vehicle in no household opens alone: a household without id holding just it. */
export function loneVehicleHousehold(vehicle: Vehicle): Household {
  return { _id: '', customers: [], vehicles: [vehicle], _links: { self: { href: '' } } };
}

/** The panel once its first household is loaded: the given customer and vehicle chosen when it holds them. */
export function startedPanel(household: Household, start: PanelStart): { householdId: string | null; state: Panel } {
  return {
    householdId: household._id || null,
    state: householdChosen(household.customers, household.vehicles, {
      customerId: start.customerId,
      vehicleId: start.vehicleId,
    }),
  };
}

/** A save the rules refuse before anything is sent: the code of its alert. */
export interface SaveRefused {
  ok: false;
  code: string;
}

export type CustomerSave =
  | { ok: true; kind: 'update'; customerId: string; body: Record<string, unknown> }
  | { ok: true; kind: 'create'; body: Record<string, unknown> }
  | SaveRefused;

/**
 * What saving the customer form sends: an update of a saved customer, or a creation, in the
 * panel's household when there is one (the server makes a household otherwise). Refused with the
 * rules' code (names required, e-mail...) before anything is sent.
 */
export function customerSave(form: CustomerForm, householdId: string | null): CustomerSave {
  const body = customerSaveBody(form);
  if (!body.ok) return { ok: false, code: body.code };
  if (form._id) return { ok: true, kind: 'update', customerId: form._id, body: body.value };
  return { ok: true, kind: 'create', body: { ...body.value, ...(householdId ? { householdId } : {}) } };
}

export type VehicleSave =
  | { ok: true; kind: 'update'; vehicleId: string; body: Record<string, unknown> }
  | { ok: true; kind: 'create'; body: { householdId: string } & Record<string, unknown> }
  | SaveRefused;

/**
 * What saving the vehicle form sends: an update against the saved vehicle (its blocked fields
 * follow what changed), or a creation in the panel's household. A vehicle carrying an error
 * (its VIN lookup failed), or a new one with no household to go in, is refused (VEHICLE_ERROR).
 */
export function vehicleSave(form: VehicleForm, saved: readonly Vehicle[], householdId: string | null): VehicleSave {
  if (form._id) {
    const before = saved.find((v) => v._id === form._id);
    const body = vehicleUpdateBody(before ? vehicleForm(before) : {}, form);
    return body ? { ok: true, kind: 'update', vehicleId: form._id, body } : { ok: false, code: 'VEHICLE_ERROR' };
  }
  const body = householdId ? vehicleCreateBody(form, householdId) : null;
  return body ? { ok: true, kind: 'create', body: body as { householdId: string } } : { ok: false, code: 'VEHICLE_ERROR' };
}

/** The household a saved customer belongs to: the one the server gave, else the panel's. */
export function householdAfterSave(current: string | null, saved: { householdId?: string | null }): string | null {
  return saved.householdId || current;
}

/**
 * The panel after a customer was saved: that customer chosen; a customer just created in a
 * household without a vehicle goes straight on to a new vehicle's form (the ticket needs one), so
 * the next step opens by itself. An update, or a household that has vehicles, opens nothing.
 */
export function afterCustomerSave(state: Panel, saved: Customer, created: boolean): Panel {
  const next = customerSaved(state, saved);
  if (!created || next.vehicles.length > 0 || next.editingVehicle) return next;
  const opened = startVehicle(next);
  return opened.ok ? opened.value : next;
}

/** After a customer or vehicle was taken out: the household's records as the server answered; choices and forms stay. */
export function afterRemoval(state: Panel, household: Pick<Household, 'customers' | 'vehicles'>): Panel {
  return { ...state, customers: household.customers, vehicles: household.vehicles };
}

/** A change of the vehicle form (a value, or an update of the latest one); nothing when no vehicle is open. */
/** The customer being edited, changed to a value or by an update of the latest one; nothing when none is edited. */
export function changeEditingCustomer(state: Panel, next: CustomerForm | ((latest: CustomerForm) => CustomerForm)): Panel {
  if (typeof next !== 'function') return { ...state, editingCustomer: next };
  return state.editingCustomer ? { ...state, editingCustomer: next(state.editingCustomer) } : state;
}

export function changeEditingVehicle(
  state: Panel,
  next: VehicleForm | ((latest: VehicleForm) => VehicleForm),
): Panel {
  if (!state.editingVehicle) return state;
  return { ...state, editingVehicle: typeof next === 'function' ? next(state.editingVehicle) : next };
}

/** The records chosen for the ticket, or null. */
export function selectedRecords(state: Panel): { customer: Customer | null; vehicle: Vehicle | null } {
  return {
    customer: state.customers.find((c) => c._id === state.selectedCustomerId) ?? null,
    vehicle: state.vehicles.find((v) => v._id === state.selectedVehicleId) ?? null,
  };
}

/**
 * What the panel lays out: the search (and "new customer") until a household is chosen and no
 * customer is being created; "change household" once one is; the vehicle list only for a saved
 * household (a vehicle needs one to go in).
 */
export function panelLayout(state: Panel, householdId: string | null) {
  const hasHousehold = state.customers.length > 0 || state.vehicles.length > 0;
  return {
    hasHousehold,
    search: !hasHousehold && !state.editingCustomer,
    changeHousehold: hasHousehold,
    customers: state.customers.length > 0,
    vehicles: Boolean(householdId),
  };
}

// ---------------------------------------------------------------------------------------------
// VIN and year/make/model/engine entry

/** What marks a vehicle whose VIN lookup failed: 'VIN not found' for 404, else the code. */
export function vinLookupMarker(error: { status: number; code: string } | null): string {
  if (!error) return 'VEHICLE_ERROR';
  return error.status === 404 ? 'VIN not found' : error.code;
}

/** The VIN line after an entry that is not decoded: "not a VIN" for a text kept as custom entry, else nothing. */
export function statusAfterEntry(vehicle: VehicleForm, text: string): DecodeStatus {
  return vehicle.customYMME && text.trim() ? { state: 'notVin' } : { state: 'idle' };
}

/** The vehicle form is sent unless a save or a VIN decoding is under way. */
export function maySubmitVehicle(saving: boolean, decoding: boolean): boolean {
  return !saving && !decoding;
}

/** A VIN entry is taken once per text: the same text again (spaces aside) is not entered twice. */
export function isNewVinEntry(text: string, entered: string): boolean {
  return text.trim() !== entered.trim();
}

/** A year, make, model or engine as the lists give it (texts; the year as a number). */
export function ymmeValue(field: 'year' | 'make' | 'model' | 'engine', raw: string | null): string | number | null {
  return field === 'year' ? (raw ? Number(raw) : null) : raw;
}

/** Whether a choice changes nothing (the same value picked again): no rule runs, nothing is asked. */
export function isSameYmme(vehicle: VehicleForm, field: 'year' | 'make' | 'model' | 'engine', next: string | number | null): boolean {
  return String(vehicle[field] ?? '') === String(next ?? '');
}

/** A year typed in custom entry: its digits, or none. */
export function typedYear(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits) : null;
}

/** Back to the lists from custom entry: year, make, model and engine start again. */
export function backToLists(vehicle: VehicleForm): VehicleForm {
  return { ...vehicle, customYMME: false, year: null, make: null, model: null, engine: null };
}

/** The engine is typed when the data has no engine for the chosen model. */
export function enginesMissing(model: string | null | undefined, enginesLoaded: boolean, engineCount: number): boolean {
  return Boolean(model) && enginesLoaded && engineCount === 0;
}
