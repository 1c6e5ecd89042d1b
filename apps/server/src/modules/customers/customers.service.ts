import {
  AppError,
  errors,
  isPlausibleVin,
  LIMITS,
  phoneDigits,
  prepareCustomerSave,
  readStoreSettings,
  type CustomerFields,
  type Household,
  type HouseholdSearchResult,
  type VehicleFields,
} from '@servicebay/domain';
import type { StoreRepository } from '../stores/index.js';
import type { Db } from '../../platform/db/client.js';
import type { CustomerRow, CustomersQueries, CustomersRepository, NewCustomer, NewVehicle, VehicleRow } from './customers.repository.js';
import { presentHousehold } from './customers.presenter.js';
import type { FileLinker } from '../../platform/files/index.js';

type CustomerInput = Partial<CustomerFields> & { storeId?: string; householdId?: string };
type VehicleInput = Partial<VehicleFields> & { storeId?: string; householdId?: string };

const PHONES = ['mobilePhone', 'homePhone', 'workPhone', 'primaryPhone'] as const;

/** A storeId (or owner) in a body must name the path's store; anything else is a mistake. */
function sameStore(storeId: string, body: { storeId?: string }) {
  if (body.storeId !== undefined && body.storeId !== storeId) throw errors.invalid('storeId: does not match the store of the path');
}

function withoutStore<T extends { storeId?: string }>(body: T): Omit<T, 'storeId'> {
  const copy = { ...body };
  delete copy.storeId;
  return copy;
}

const empty = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** The save rules applied to what the customer will be; throws the rule's error code on failure. */
function customerValues(merged: CustomerInput): Omit<NewCustomer, 'storeId'> {
  const saved = prepareCustomerSave(merged);
  if (!saved.ok) throw new AppError(400, saved.code, saved.message);
  const v = saved.value;
  const phones = Object.fromEntries(
    PHONES.map((name) => [name, empty(v[name]) ? phoneDigits(v[name]!) : null]),
  ) as Record<(typeof PHONES)[number], string | null>;
  return {
    firstName: empty(v.firstName),
    lastName: empty(v.lastName),
    business: empty(v.business),
    honorific: v.honorific!.trim(),
    email: v.email ?? null,
    ...phones,
    permissionToText: v.permissionToText ?? false,
  };
}

/** A vehicle's columns from what it will be: a plausible VIN, mandatory when the store says so. */
async function vehicleValues(
  stores: Pick<StoreRepository, 'byId'>,
  storeId: string,
  merged: VehicleInput,
): Promise<Omit<NewVehicle, 'storeId'>> {
  const vin = empty(merged.vin)?.toUpperCase() ?? null;
  if (vin && !isPlausibleVin(vin)) {
    throw new AppError(400, 'VIN_IS_INVALID', 'vin: must be 17 letters and digits');
  }
  if (!vin) {
    const store = await stores.byId(storeId);
    if (store && readStoreSettings(store.settings).vinIsMandatory) {
      throw new AppError(400, 'VIN_IS_MANDATORY', 'vin is mandatory in this store');
    }
  }
  return {
    vin,
    year: merged.year ?? null,
    make: empty(merged.make),
    model: empty(merged.model),
    engine: empty(merged.engine),
    trim: empty(merged.trim),
    customYmme: merged.customYMME ?? false,
    carId: empty(merged.carId),
    licensePlate: empty(merged.licensePlate)?.toUpperCase() ?? null,
    fleetNumber: empty(merged.fleetNumber),
    color: empty(merged.color),
    blockedFields: [...new Set((merged.blockedFields ?? []).map((f) => (f === 'vinNumber' ? 'vin' : f)))],
  };
}

const fromRow = (row: CustomerRow): CustomerInput => ({
  firstName: row.firstName,
  lastName: row.lastName,
  business: row.business,
  honorific: row.honorific,
  email: row.email,
  mobilePhone: row.mobilePhone,
  homePhone: row.homePhone,
  workPhone: row.workPhone,
  primaryPhone: row.primaryPhone,
  permissionToText: row.permissionToText,
});

const vehicleFromRow = (row: VehicleRow): VehicleInput => ({
  vin: row.vin,
  year: row.year,
  make: row.make,
  model: row.model,
  engine: row.engine,
  trim: row.trim,
  customYMME: row.customYmme,
  carId: row.carId,
  licensePlate: row.licensePlate,
  fleetNumber: row.fleetNumber,
  color: row.color,
  blockedFields: row.blockedFields as VehicleFields['blockedFields'],
});

/** A household, customer or vehicle of the store, or 404. */
function lookups(repo: CustomersRepository, link: FileLinker) {
  return {
    async household(storeId: string, id: string): Promise<Household> {
      const found = await repo.household(storeId, id);
      if (!found) throw errors.notFound();
      const [customers, vehicles] = await Promise.all([repo.customersOf(storeId, [id]), repo.vehiclesOf(storeId, [id])]);
      const showcase = await repo.showcase(storeId, customers.map((c) => c.id), vehicles.map((v) => v.id));
      return presentHousehold(storeId, id, customers, vehicles, link, showcase);
    },
    async customer(storeId: string, id: string): Promise<CustomerRow> {
      const row = await repo.customer(storeId, id);
      if (!row) throw errors.notFound();
      return row;
    },
    async vehicle(storeId: string, id: string): Promise<VehicleRow> {
      const row = await repo.vehicle(storeId, id);
      if (!row) throw errors.notFound();
      return row;
    },
  };
}

type Lookups = ReturnType<typeof lookups>;

/** A staff user's change of a customer's permission to text, as the consent history records it. */
export interface StaffConsentChange {
  storeId: string;
  customerId: string;
  permissionToText: boolean;
  userId: string;
  /** The customer's mobile number as stored when the permission changed. */
  mobilePhone: string | null;
}

export interface CustomersPorts {
  /** Records a staff change of permissionToText, in the transaction of the customer's write. */
  staffConsentChanged?: (tx: Db, change: StaffConsentChange) => Promise<void>;
}

/** The staff user a change is made by: the customer routes pass it, other modules' writes do not. */
export interface ChangedBy {
  userId: string;
}

/** What a customer will be after a change: the save rules applied to the row and the change. */
function updatedValues(current: CustomerRow, body: CustomerInput) {
  const change = withoutStore(body);
  // The names rule was settled when the customer was saved; a change that leaves the names
  // alone (a phone added to a walk-in saved without one) does not reopen it.
  const touchesNames = 'firstName' in change || 'lastName' in change || 'business' in change;
  return customerValues({ ...fromRow(current), namesNotMandatory: !touchesNames, ...change });
}

/** Customers created, changed, and taken out of their household. */
function customerOperations(repo: CustomersRepository, { customer, household }: Lookups, ports: CustomersPorts) {
  const record = ports.staffConsentChanged;
  const consentOf = (row: CustomerRow, by: ChangedBy): StaffConsentChange => ({
    storeId: row.storeId,
    customerId: row.id,
    permissionToText: row.permissionToText,
    userId: by.userId,
    mobilePhone: row.mobilePhone,
  });

  /** A change by staff: the customer locked, written, and a change of its permission recorded with it. */
  async function updateByStaff(storeId: string, id: string, body: CustomerInput, by: ChangedBy, recordChange: NonNullable<typeof record>) {
    return repo.transaction(async (r: CustomersQueries, tx) => {
      const current = await r.lockedCustomer(storeId, id);
      if (!current) throw errors.notFound();
      const row = await r.updateCustomer(storeId, id, updatedValues(current, body), current);
      if (!row) throw errors.notFound();
      if (row.permissionToText !== current.permissionToText) await recordChange(tx, consentOf(row, by));
      return row;
    });
  }

  return {
    /** `by`: the staff user creating it; a customer created allowed to be texted records that consent. */
    async createCustomer(storeId: string, body: CustomerInput, by?: ChangedBy) {
      sameStore(storeId, body);
      if (body.householdId && !(await repo.household(storeId, body.householdId))) throw errors.notFound('household not found');
      const values = customerValues(body);
      const row = { ...values, storeId, householdId: body.householdId ?? null };
      if (!by || !record || !values.permissionToText) return repo.insertCustomer(row);
      return repo.transaction(async (r, tx) => {
        const inserted = await r.insertCustomer(row);
        await record(tx, consentOf(inserted, by));
        return inserted;
      });
    },

    /** `by`: the staff user making the change; a change of permissionToText by staff is recorded. */
    async updateCustomer(storeId: string, id: string, body: CustomerInput, by?: ChangedBy) {
      sameStore(storeId, body);
      if (by && record) return updateByStaff(storeId, id, body, by, record);
      const current = await customer(storeId, id);
      const row = await repo.updateCustomer(storeId, id, updatedValues(current, body), current);
      if (!row) throw errors.notFound();
      return row;
    },

    async customerHousehold(storeId: string, customerId: string) {
      const row = await customer(storeId, customerId);
      if (!row.householdId) throw errors.notFound('customer has no household');
      return household(storeId, row.householdId);
    },

    /** The last customer of a household stays (CANNOT_REMOVE_MAIN_CUSTOMER). */
    async removeCustomer(storeId: string, householdId: string, customerId: string) {
      const row = await customer(storeId, customerId);
      if (row.householdId !== householdId) throw errors.notFound();
      if ((await repo.countCustomers(storeId, householdId)) <= 1) {
        throw new AppError(400, 'CANNOT_REMOVE_MAIN_CUSTOMER', 'the last customer of a household cannot be removed');
      }
      await repo.setCustomerHousehold(storeId, customerId, null);
      return household(storeId, householdId);
    },
  };
}

/** Vehicles created, changed, taken out of their household, and read by household. */
function vehicleOperations(repo: CustomersRepository, stores: Pick<StoreRepository, 'byId'>, { vehicle, household }: Lookups) {
  return {
    async createVehicle(storeId: string, body: VehicleInput & { householdId: string }) {
      sameStore(storeId, body);
      if (!(await repo.household(storeId, body.householdId))) throw errors.notFound('household not found');
      const values = await vehicleValues(stores, storeId, body);
      return repo.insertVehicle({ ...values, storeId, householdId: body.householdId });
    },

    async updateVehicle(storeId: string, id: string, body: VehicleInput) {
      sameStore(storeId, body);
      const current = await vehicle(storeId, id);
      const change = withoutStore(body);
      const values = await vehicleValues(stores, storeId, { ...vehicleFromRow(current), ...change });
      const row = await repo.updateVehicle(storeId, id, values, current);
      if (!row) throw errors.notFound();
      return row;
    },

    /** The last vehicle of a household stays (CANNOT_REMOVE_MAIN_VEHICLE). */
    async removeVehicle(storeId: string, householdId: string, vehicleId: string) {
      const row = await vehicle(storeId, vehicleId);
      if (row.householdId !== householdId) throw errors.notFound();
      if ((await repo.countVehicles(storeId, householdId)) <= 1) {
        throw new AppError(400, 'CANNOT_REMOVE_MAIN_VEHICLE', 'the last vehicle of a household cannot be removed');
      }
      await repo.setVehicleHousehold(storeId, vehicleId, null);
      return household(storeId, householdId);
    },

    async vehicleCustomers(storeId: string, vehicleId: string) {
      const row = await vehicle(storeId, vehicleId);
      return row.householdId ? repo.customersOf(storeId, [row.householdId]) : [];
    },

    async vehicleCount(storeId: string, householdId: string) {
      if (!(await repo.household(storeId, householdId))) throw errors.notFound();
      return repo.countVehicles(storeId, householdId);
    },

    async householdVehicles(storeId: string, householdId: string, q: { searchTerm?: string; page: number; size: number; getAll?: boolean }) {
      if (!(await repo.household(storeId, householdId))) throw errors.notFound();
      const size = q.getAll ? null : q.size;
      const { rows, total } = await repo.householdVehicles(storeId, householdId, q.searchTerm || undefined, q.getAll ? 0 : q.page, size);
      return { rows, total, size: size ?? total, page: q.getAll ? 0 : q.page };
    },
  };
}

/**
 * Households found, in rank order. Vehicles are capped for the whole answer (40 asked by
 * default, 50 at most); matching vehicles come first in their household so a searched plate is
 * never cut.
 */
async function searchHouseholds(
  repo: CustomersRepository,
  link: FileLinker,
  storeId: string,
  term: string,
  maxVehicles: number,
): Promise<HouseholdSearchResult> {
  const { householdIds, total, vehicleScores: matched } = await repo.searchHouseholds(storeId, term);
  const [customers, vehicles] = await Promise.all([repo.customersOf(storeId, householdIds), repo.vehiclesOf(storeId, householdIds)]);
  let budget = Math.min(maxVehicles, LIMITS.maxVehiclesInHouseholdSearch);
  const households = householdIds.map((id) => {
    const own = vehicles
      .filter((v) => v.householdId === id)
      .sort((a, b) => (matched.get(b.id) ?? 0) - (matched.get(a.id) ?? 0));
    const kept = own.slice(0, Math.max(budget, 0));
    budget -= kept.length;
    return { id, customers: customers.filter((c) => c.householdId === id), vehicles: kept };
  });
  const showcase = await repo.showcase(storeId, customers.map((c) => c.id), households.flatMap((h) => h.vehicles.map((v) => v.id)));
  const found = households.map((h) => presentHousehold(storeId, h.id, h.customers, h.vehicles, link, showcase));
  return {
    total,
    count: found.length,
    customerCount: found.reduce((n, h) => n + h.customers.length, 0),
    vehicleCount: found.reduce((n, h) => n + h.vehicles.length, 0),
    _embedded: { household: found },
  };
}

export function createCustomersService(
  repo: CustomersRepository,
  stores: Pick<StoreRepository, 'byId'>,
  /** Signs picture URLs in the households it presents. */
  link: FileLinker,
  ports: CustomersPorts = {},
) {
  const find = lookups(repo, link);
  return {
    ...find,
    ...customerOperations(repo, find, ports),
    ...vehicleOperations(repo, stores, find),
    listCustomers: repo.listCustomers,
    /** The pictures answers show beside these customers and vehicles (their primary and latest inspection pictures). */
    showcase: (storeId: string, customers: readonly CustomerRow[], vehicles: readonly VehicleRow[]) =>
      repo.showcase(storeId, customers.map((c) => c.id), vehicles.map((v) => v.id)),
    searchHouseholds: (storeId: string, term: string, maxVehicles: number) => searchHouseholds(repo, link, storeId, term, maxVehicles),
    countSearch: repo.countSearch,
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
