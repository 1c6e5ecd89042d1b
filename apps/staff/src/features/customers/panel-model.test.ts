import { describe, expect, it } from 'vitest';
import { emptyPanel, householdChosen, newCustomerForm, newVehicleForm, type Customer, type Household, type Vehicle } from '@servicebay/domain';
import {
  afterCustomerSave,
  afterRemoval,
  backToLists,
  changeEditingCustomer,
  changeEditingVehicle,
  customerForm,
  customerSave,
  enginesMissing,
  householdAfterSave,
  isNewVinEntry,
  isSameYmme,
  loneVehicleHousehold,
  maySubmitVehicle,
  panelLayout,
  selectedRecords,
  startedPanel,
  startSource,
  statusAfterEntry,
  typedYear,
  vehicleForm,
  vehicleSave,
  vinLookupMarker,
  ymmeValue,
  type Panel,
} from './panel-model.js';

const VIN = '1HGCM82633A004352';

function customer(id: string, over: Partial<Customer> = {}): Customer {
  return {
    _id: id,
    firstName: 'Ada',
    lastName: 'Smith',
    business: null,
    honorific: 'Mrs',
    email: null,
    mobilePhone: '5145550101',
    homePhone: null,
    workPhone: null,
    primaryPhone: '5145550101',
    normalizedMobilePhone: '5145550101',
    permissionToText: true,
    householdId: 'h1',
    storeId: 's1',
    _links: { self: { href: '' } },
    ...over,
  };
}

function vehicle(id: string, over: Partial<Vehicle> = {}): Vehicle {
  return {
    _id: id,
    vin: VIN,
    year: 2003,
    make: 'Honda',
    model: 'Accord',
    engine: '2.4L',
    trim: null,
    customYMME: false,
    carId: null,
    licensePlate: 'ABC123',
    fleetNumber: null,
    color: 'Blue',
    storeId: 's1',
    householdId: 'h1',
    blockedFields: [],
    state: null,
    _links: { self: { href: '' }, customer: { href: '' } },
    ...over,
  };
}

const household = (over: Partial<Household> = {}): Household => ({
  _id: 'h1',
  customers: [customer('c1'), customer('c2', { firstName: 'Bob' })],
  vehicles: [vehicle('v1'), vehicle('v2', { vin: null, licensePlate: 'XYZ789' })],
  _links: { self: { href: '' } },
  ...over,
});

const chosen = (): Panel => householdChosen(household().customers, household().vehicles);

describe('where the panel starts', () => {
  it('opens the household given, else the customer’s, else the vehicle’s', () => {
    expect(startSource({ householdId: 'h1', customerId: 'c1', vehicleId: 'v1' })).toEqual({ kind: 'household', id: 'h1' });
    expect(startSource({ customerId: 'c1', vehicleId: 'v1' })).toEqual({ kind: 'customer', id: 'c1' });
    expect(startSource({ vehicleId: 'v1' })).toEqual({ kind: 'vehicle', id: 'v1' });
  });

  it('opens nothing without a start, or with blank ids', () => {
    expect(startSource({})).toBeNull();
    expect(startSource({ householdId: null, customerId: '', vehicleId: null })).toBeNull();
  });

  it('opens a vehicle in no household alone, with no household id', () => {
    const alone = vehicle('v9', { householdId: null });
    const h = loneVehicleHousehold(alone);
    expect(h).toMatchObject({ _id: '', customers: [], vehicles: [alone] });
    const started = startedPanel(h, { vehicleId: 'v9' });
    expect(started.householdId).toBeNull();
    expect(started.state.selectedVehicleId).toBe('v9');
    expect(started.state.selectedCustomerId).toBeNull();
    // No household: the vehicle list (and adding a vehicle) waits for one.
    expect(panelLayout(started.state, started.householdId).vehicles).toBe(false);
  });

  it('chooses the customer and vehicle it was opened with, else the first of each', () => {
    const started = startedPanel(household(), { customerId: 'c2', vehicleId: 'v2' });
    expect(started.householdId).toBe('h1');
    expect([started.state.selectedCustomerId, started.state.selectedVehicleId]).toEqual(['c2', 'v2']);
    const unknown = startedPanel(household(), { customerId: 'c9', vehicleId: null });
    expect([unknown.state.selectedCustomerId, unknown.state.selectedVehicleId]).toEqual(['c1', 'v1']);
    expect([unknown.state.editingCustomer, unknown.state.editingVehicle]).toEqual([null, null]);
  });
});

describe('forms of saved records', () => {
  it('edits a customer as it is', () => {
    expect(customerForm(customer('c1'))).toEqual(customer('c1'));
  });

  it('edits a vehicle without an error, whatever it carried', () => {
    expect(vehicleForm(vehicle('v1'))).toEqual({ ...vehicle('v1'), error: null });
  });
});

describe('customerSave', () => {
  it('updates a saved customer with the cleaned body, never moving its household', () => {
    const save = customerSave({ ...customerForm(customer('c1')), firstName: ' Ann ', email: '  ' }, 'h1');
    expect(save).toMatchObject({ ok: true, kind: 'update', customerId: 'c1' });
    if (!save.ok) throw new Error('refused');
    expect(save.body).toMatchObject({ firstName: 'Ann', email: null });
    expect(save.body).not.toHaveProperty('householdId');
    expect(save.body).not.toHaveProperty('_id');
  });

  it('creates a new customer in the panel’s household when there is one', () => {
    const inHousehold = customerSave({ ...newCustomerForm(), firstName: 'Ann' }, 'h1');
    expect(inHousehold).toMatchObject({ ok: true, kind: 'create', body: { firstName: 'Ann', householdId: 'h1' } });
    const alone = customerSave({ ...newCustomerForm(), firstName: 'Ann' }, null);
    expect(alone.ok && alone.body).not.toHaveProperty('householdId');
  });

  it('copies the mobile phone as primary phone when that is empty', () => {
    const save = customerSave({ ...newCustomerForm(), lastName: 'Roy', mobilePhone: '5145550199' }, null);
    expect(save).toMatchObject({ ok: true, body: { primaryPhone: '5145550199' } });
  });

  it('refuses before sending: no name nor business, or a bad e-mail', () => {
    expect(customerSave(newCustomerForm(), 'h1')).toEqual({
      ok: false,
      code: 'CANNOT_SAVE_CUSTOMER_WITHOUT_FIRSTNAME_LASTNAME_OR_BUSINESS',
    });
    expect(customerSave({ ...newCustomerForm(), firstName: 'A', email: 'nope' }, 'h1')).toEqual({
      ok: false,
      code: 'CANNOT_SAVE_CUSTOMER_WITH_INVALID_EMAIL',
    });
  });

  it('saves a nameless walk-in marked so', () => {
    expect(customerSave({ ...newCustomerForm(), namesNotMandatory: true }, null)).toMatchObject({ ok: true, kind: 'create' });
  });
});

describe('vehicleSave', () => {
  const saved = [vehicle('v1'), vehicle('v2', { blockedFields: ['licensePlate'] })];

  it('updates a saved vehicle; changed identity fields join those already blocked', () => {
    const save = vehicleSave({ ...vehicleForm(saved[1]!), year: 2004, color: 'Red' }, saved, 'h1');
    expect(save).toMatchObject({ ok: true, kind: 'update', vehicleId: 'v2' });
    if (!save.ok) throw new Error('refused');
    expect(save.body.blockedFields).toEqual(['licensePlate', 'year']);
    expect(save.body).not.toHaveProperty('_id');
    expect(save.body).not.toHaveProperty('error');
  });

  it('sends no blocked fields when nothing that blocks changed', () => {
    const save = vehicleSave({ ...vehicleForm(saved[0]!), color: 'Red' }, saved, 'h1');
    expect(save.ok && save.body).toMatchObject({ color: 'Red' });
    expect(save.ok && save.body).not.toHaveProperty('blockedFields');
  });

  it('creates a new vehicle in the panel’s household', () => {
    const save = vehicleSave({ ...newVehicleForm(), vin: VIN, licensePlate: ' QRS 1 ' }, saved, 'h1');
    expect(save).toEqual({ ok: true, kind: 'create', body: { householdId: 'h1', vin: VIN, customYMME: false, licensePlate: 'QRS 1' } });
  });

  it('refuses a vehicle carrying an error, new or saved', () => {
    expect(vehicleSave({ ...vehicleForm(saved[0]!), error: 'VIN not found' }, saved, 'h1')).toEqual({ ok: false, code: 'VEHICLE_ERROR' });
    expect(vehicleSave({ ...newVehicleForm(), error: 'VIN not found' }, saved, 'h1')).toEqual({ ok: false, code: 'VEHICLE_ERROR' });
  });

  it('refuses a new vehicle with no household to go in', () => {
    expect(vehicleSave({ ...newVehicleForm(), vin: VIN }, saved, null)).toEqual({ ok: false, code: 'VEHICLE_ERROR' });
  });
});

describe('after an answer', () => {
  it('keeps the panel’s household unless the server gave one', () => {
    expect(householdAfterSave(null, { householdId: 'h7' })).toBe('h7');
    expect(householdAfterSave('h1', { householdId: null })).toBe('h1');
    expect(householdAfterSave('h1', {})).toBe('h1');
  });

  it('takes the household’s records from a removal, keeping the choices and forms', () => {
    const state = { ...chosen(), selectedCustomerId: 'c1', editingVehicle: vehicleForm(vehicle('v1')) };
    const next = afterRemoval(state, { customers: [customer('c1')], vehicles: [vehicle('v1')] });
    expect(next.customers.map((c) => c._id)).toEqual(['c1']);
    expect(next.vehicles.map((v) => v._id)).toEqual(['v1']);
    expect(next.selectedCustomerId).toBe('c1');
    expect(next.editingVehicle).toBe(state.editingVehicle);
  });

  it('applies a vehicle change, or an update of the latest form, only while one is open', () => {
    const open = { ...chosen(), editingVehicle: vehicleForm(vehicle('v1')) };
    expect(changeEditingVehicle(open, { ...open.editingVehicle, color: 'Red' }).editingVehicle?.color).toBe('Red');
    const latest = changeEditingVehicle({ ...open, editingVehicle: { ...open.editingVehicle, color: 'Green' } }, (v) => ({ ...v, year: 2010 }));
    expect(latest.editingVehicle).toMatchObject({ color: 'Green', year: 2010 });
    const closed = chosen();
    expect(changeEditingVehicle(closed, (v) => ({ ...v, year: 2010 }))).toBe(closed);
  });

  it('applies a customer change, or an update of the latest form (a key typed), only while one is open', () => {
    const open = { ...chosen(), editingCustomer: newCustomerForm() };
    expect(changeEditingCustomer(open, { ...open.editingCustomer, firstName: 'Flora' }).editingCustomer?.firstName).toBe('Flora');
    const typed = changeEditingCustomer({ ...open, editingCustomer: { ...open.editingCustomer, firstName: 'Flo' } }, (c) => ({ ...c, lastName: 'Ng' }));
    expect(typed.editingCustomer).toMatchObject({ firstName: 'Flo', lastName: 'Ng' });
    const closed = chosen();
    expect(changeEditingCustomer(closed, (c) => ({ ...c, lastName: 'Ng' }))).toBe(closed);
  });

  it('goes on to a new vehicle after creating a customer in a household without one', () => {
    const creating = { ...emptyPanel<Customer, Vehicle>(), editingCustomer: newCustomerForm() };
    const next = afterCustomerSave(creating, customer('c9'), true);
    expect(next.selectedCustomerId).toBe('c9');
    expect(next.editingCustomer).toBeNull();
    expect(next.editingVehicle).toEqual(newVehicleForm());
  });

  it('opens nothing after an update, or a creation in a household that has vehicles', () => {
    const lone = { ...emptyPanel<Customer, Vehicle>(), customers: [customer('c1')], selectedCustomerId: 'c1' };
    expect(afterCustomerSave(lone, customer('c1', { firstName: 'Ann' }), false).editingVehicle).toBeNull();
    const withCars = { ...chosen(), editingCustomer: newCustomerForm() };
    const next = afterCustomerSave(withCars, customer('c9'), true);
    expect(next.editingVehicle).toBeNull();
    expect(next.selectedCustomerId).toBe('c9');
  });

  it('gives the records chosen for the ticket', () => {
    const state = { ...chosen(), selectedCustomerId: 'c2', selectedVehicleId: 'v9' };
    expect(selectedRecords(state).customer?._id).toBe('c2');
    expect(selectedRecords(state).vehicle).toBeNull();
    expect(selectedRecords(emptyPanel<Customer, Vehicle>())).toEqual({ customer: null, vehicle: null });
  });
});

describe('panelLayout', () => {
  it('offers the search and nothing else before a household is chosen', () => {
    expect(panelLayout(emptyPanel(), null)).toEqual({
      hasHousehold: false,
      search: true,
      changeHousehold: false,
      customers: false,
      vehicles: false,
    });
  });

  it('hides the search while a new customer is written without household', () => {
    const writing = { ...emptyPanel<Customer, Vehicle>(), editingCustomer: newCustomerForm() };
    expect(panelLayout(writing, null)).toMatchObject({ search: false, changeHousehold: false, customers: false });
  });

  it('shows the household’s lists and the way to change it once chosen', () => {
    expect(panelLayout(chosen(), 'h1')).toEqual({
      hasHousehold: true,
      search: false,
      changeHousehold: true,
      customers: true,
      vehicles: true,
    });
  });

  it('shows the vehicle list of a saved household even when it has no vehicle yet', () => {
    const noVehicles = householdChosen([customer('c1')], [] as Vehicle[]);
    expect(panelLayout(noVehicles, 'h1')).toMatchObject({ customers: true, vehicles: true });
  });
});

describe('VIN entry', () => {
  it('marks a failed lookup: not found for 404, else the code, else a vehicle error', () => {
    expect(vinLookupMarker({ status: 404, code: 'NOT_FOUND' })).toBe('VIN not found');
    expect(vinLookupMarker({ status: 400, code: 'VIN_IS_INVALID' })).toBe('VIN_IS_INVALID');
    expect(vinLookupMarker({ status: 503, code: 'SERVICE_UNAVAILABLE' })).toBe('SERVICE_UNAVAILABLE');
    expect(vinLookupMarker(null)).toBe('VEHICLE_ERROR');
  });

  it('says "not a VIN" for text kept as custom entry, nothing for a cleared field', () => {
    expect(statusAfterEntry({ customYMME: true }, 'FLEET-12')).toEqual({ state: 'notVin' });
    expect(statusAfterEntry({ customYMME: true }, '  ')).toEqual({ state: 'idle' });
    expect(statusAfterEntry({ customYMME: false }, '')).toEqual({ state: 'idle' });
  });

  it('takes an entry once per text', () => {
    expect(isNewVinEntry(VIN, '')).toBe(true);
    expect(isNewVinEntry(` ${VIN} `, VIN)).toBe(false);
    expect(isNewVinEntry('', VIN)).toBe(true);
  });

  it('sends the form only when no save and no decoding is under way', () => {
    expect(maySubmitVehicle(false, false)).toBe(true);
    expect(maySubmitVehicle(true, false)).toBe(false);
    expect(maySubmitVehicle(false, true)).toBe(false);
  });
});

describe('year, make, model, engine', () => {
  it('reads the year as a number and the rest as text', () => {
    expect(ymmeValue('year', '2016')).toBe(2016);
    expect(ymmeValue('year', null)).toBeNull();
    expect(ymmeValue('year', '')).toBeNull();
    expect(ymmeValue('make', 'Honda')).toBe('Honda');
    expect(ymmeValue('engine', null)).toBeNull();
  });

  it('sees the same value picked again as no change', () => {
    const v = { year: 2016, make: 'Honda', model: null };
    expect(isSameYmme(v, 'year', 2016)).toBe(true);
    expect(isSameYmme(v, 'make', 'Honda')).toBe(true);
    expect(isSameYmme(v, 'model', null)).toBe(true);
    expect(isSameYmme(v, 'engine', null)).toBe(true);
    expect(isSameYmme(v, 'year', 2017)).toBe(false);
    expect(isSameYmme(v, 'make', null)).toBe(false);
  });

  it('keeps the digits of a typed year', () => {
    expect(typedYear('2016')).toBe(2016);
    expect(typedYear('20a1')).toBe(201);
    expect(typedYear('abc')).toBeNull();
    expect(typedYear('')).toBeNull();
  });

  it('starts year, make, model and engine again when going back to the lists', () => {
    const custom = { customYMME: true, year: 1999, make: 'Kit', model: 'Car', engine: 'V8', licensePlate: 'ABC' };
    expect(backToLists(custom)).toEqual({ customYMME: false, year: null, make: null, model: null, engine: null, licensePlate: 'ABC' });
  });

  it('types the engine when the data has none for the model', () => {
    expect(enginesMissing('Accord', true, 0)).toBe(true);
    expect(enginesMissing('Accord', true, 2)).toBe(false);
    expect(enginesMissing('Accord', false, 0)).toBe(false);
    expect(enginesMissing(null, true, 0)).toBe(false);
  });
});
