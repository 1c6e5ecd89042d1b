import { describe, expect, it } from 'vitest';
import {
  cancelCustomer,
  cancelVehicle,
  changeYmme,
  customerSaveBody,
  customerSaved,
  emptyPanel,
  enterVin,
  householdChosen,
  newCustomerForm,
  removeCustomer,
  removeVehicle,
  startCustomer,
  startVehicle,
  vehicleCreateBody,
  vehicleSaved,
  vehicleUpdateBody,
  vinDecoded,
  vinLookupFailed,
  type PanelState,
  type VehicleForm,
} from './editing.js';

const VIN = '1HGCM82633A004352';
type Rec = { _id: string; name?: string };

function panel(over: Partial<PanelState<Rec, Rec>> = {}): PanelState<Rec, Rec> {
  return {
    ...householdChosen<Rec, Rec>([{ _id: 'c1' }, { _id: 'c2' }], [{ _id: 'v1' }, { _id: 'v2' }]),
    ...over,
  };
}

describe('adding while editing another', () => {
  it('starts a new customer form with honorific Mr', () => {
    const started = startCustomer(panel());
    expect(started.ok && started.value.editingCustomer?.honorific).toBe('Mr');
    expect(newCustomerForm().honorific).toBe('Mr');
  });

  it('keeps an honorific given, and puts Mr in place of a blank one', () => {
    const started = startCustomer(panel(), { _id: 'c1', honorific: 'Mrs' });
    expect(started.ok && started.value.editingCustomer?.honorific).toBe('Mrs');
    const blank = startCustomer(panel(), { _id: 'c2', honorific: ' ' });
    expect(blank.ok && blank.value.editingCustomer?.honorific).toBe('Mr');
  });

  it('refuses a customer while another is edited', () => {
    const editing = panel({ editingCustomer: { _id: 'c1', firstName: 'Jane' } });
    expect(startCustomer(editing)).toEqual({ ok: false, code: 'CANNOT_ADD_CUSTOMER_WHEN_EDITING_ANOTHER' });
    expect(startCustomer(editing, { _id: 'c2' })).toEqual({ ok: false, code: 'CANNOT_ADD_CUSTOMER_WHEN_EDITING_ANOTHER' });
    // A new one while a new one is open is "another" too.
    const adding = panel({ editingCustomer: newCustomerForm() });
    expect(startCustomer(adding)).toEqual({ ok: false, code: 'CANNOT_ADD_CUSTOMER_WHEN_EDITING_ANOTHER' });
  });

  it('lets the customer being edited be opened again', () => {
    const editing = panel({ editingCustomer: { _id: 'c1', firstName: 'Jane' } });
    expect(startCustomer(editing, { _id: 'c1', firstName: 'Jane' }).ok).toBe(true);
  });

  it('refuses a vehicle while another is edited', () => {
    const editing = panel({ editingVehicle: { _id: 'v1' } });
    expect(startVehicle(editing)).toEqual({ ok: false, code: 'CANNOT_ADD_VEHICLE_WHEN_EDITING_ANOTHER' });
    expect(startVehicle(editing, { _id: 'v2' })).toEqual({ ok: false, code: 'CANNOT_ADD_VEHICLE_WHEN_EDITING_ANOTHER' });
    expect(startVehicle(editing, { _id: 'v1' }).ok).toBe(true);
    expect(startVehicle(panel({ editingVehicle: { vin: '' } }))).toEqual({ ok: false, code: 'CANNOT_ADD_VEHICLE_WHEN_EDITING_ANOTHER' });
    const started = startVehicle(panel());
    expect(started.ok && started.value.editingVehicle).toMatchObject({ vin: '', error: null });
  });

  it('allows a customer while a vehicle is edited, and the reverse', () => {
    expect(startCustomer(panel({ editingVehicle: { _id: 'v1' } })).ok).toBe(true);
    expect(startVehicle(panel({ editingCustomer: { _id: 'c1' } })).ok).toBe(true);
  });
});

describe('cancel', () => {
  it('clears the customer or vehicle being edited and nothing else', () => {
    const state = panel({ editingCustomer: { _id: 'c1' }, editingVehicle: { _id: 'v1' } });
    expect(cancelCustomer(state)).toEqual({ ...state, editingCustomer: null });
    expect(cancelVehicle(state)).toEqual({ ...state, editingVehicle: null });
  });
});

describe('removing from the household', () => {
  it('refuses the selected customer and the last one', () => {
    expect(removeCustomer(panel(), 'c1')).toEqual({ ok: false, code: 'CANNOT_REMOVE_MAIN_CUSTOMER' });
    const last = panel({ customers: [{ _id: 'c1' }], selectedCustomerId: null });
    expect(removeCustomer(last, 'c1')).toEqual({ ok: false, code: 'CANNOT_REMOVE_MAIN_CUSTOMER' });
  });

  it('removes another customer, closing its form if open', () => {
    const removed = removeCustomer(panel({ editingCustomer: { _id: 'c2' } }), 'c2');
    expect(removed.ok && removed.value.customers).toEqual([{ _id: 'c1' }]);
    expect(removed.ok && removed.value.editingCustomer).toBeNull();
  });

  it('refuses the selected vehicle and the last one', () => {
    expect(removeVehicle(panel(), 'v1')).toEqual({ ok: false, code: 'CANNOT_REMOVE_MAIN_VEHICLE' });
    const last = panel({ vehicles: [{ _id: 'v9' }], selectedVehicleId: null });
    expect(removeVehicle(last, 'v9')).toEqual({ ok: false, code: 'CANNOT_REMOVE_MAIN_VEHICLE' });
  });

  it('removes another vehicle', () => {
    const removed = removeVehicle(panel({ editingVehicle: { _id: 'v1' } }), 'v2');
    expect(removed.ok && removed.value.vehicles).toEqual([{ _id: 'v1' }]);
    expect(removed.ok && removed.value.editingVehicle).toEqual({ _id: 'v1' });
  });
});

describe('choosing and saving', () => {
  it('selects the first customer and vehicle of a household, or the ones asked for', () => {
    expect(householdChosen([{ _id: 'a' }, { _id: 'b' }], [])).toMatchObject({ selectedCustomerId: 'a', selectedVehicleId: null });
    expect(householdChosen([{ _id: 'a' }, { _id: 'b' }], [{ _id: 'x' }, { _id: 'y' }], { customerId: 'b', vehicleId: 'y' })).toMatchObject({
      selectedCustomerId: 'b',
      selectedVehicleId: 'y',
    });
    expect(householdChosen([{ _id: 'a' }], [{ _id: 'x' }], { vehicleId: 'other' }).selectedVehicleId).toBe('x');
    expect(emptyPanel()).toMatchObject({ customers: [], selectedCustomerId: null, editingCustomer: null });
  });

  it('puts a saved record in the list, selects it and ends editing', () => {
    const created = customerSaved(panel({ editingCustomer: newCustomerForm() }), { _id: 'c3', name: 'new' });
    expect(created.customers.map((c) => c._id)).toEqual(['c1', 'c2', 'c3']);
    expect(created).toMatchObject({ selectedCustomerId: 'c3', editingCustomer: null });
    const updated = customerSaved(panel(), { _id: 'c2', name: 'changed' });
    expect(updated.customers).toEqual([{ _id: 'c1' }, { _id: 'c2', name: 'changed' }]);
    const vehicle = vehicleSaved(panel({ editingVehicle: { _id: 'v2' } }), { _id: 'v2', name: 'x' });
    expect(vehicle).toMatchObject({ selectedVehicleId: 'v2', editingVehicle: null });
    expect(vehicleSaved(panel(), { _id: 'v3' }).vehicles).toHaveLength(3);
  });
});

describe('customer save', () => {
  it('copies mobilePhone to primaryPhone when empty and trims the e-mail', () => {
    const body = customerSaveBody({ ...newCustomerForm(), firstName: 'Ann', mobilePhone: '514-555-0199', email: '  ann@example.com ' });
    expect(body).toEqual({
      ok: true,
      value: expect.objectContaining({ primaryPhone: '514-555-0199', mobilePhone: '514-555-0199', email: 'ann@example.com', honorific: 'Mr' }),
    });
  });

  it('keeps a primary phone already there', () => {
    const body = customerSaveBody({ lastName: 'Roy', mobilePhone: '5145550199', primaryPhone: '4385550000' });
    expect(body.ok && body.value.primaryPhone).toBe('4385550000');
  });

  it('requires a first name, last name or business', () => {
    expect(customerSaveBody({ ...newCustomerForm(), email: 'a@b.co' })).toEqual({
      ok: false,
      code: 'CANNOT_SAVE_CUSTOMER_WITHOUT_FIRSTNAME_LASTNAME_OR_BUSINESS',
    });
    expect(customerSaveBody({ firstName: '  ' })).toMatchObject({ ok: false });
    expect(customerSaveBody({ business: 'Acme' }).ok).toBe(true);
    expect(customerSaveBody({ lastName: 'Roy' }).ok).toBe(true);
  });

  it('lets a customer without names through when marked not mandatory', () => {
    const body = customerSaveBody({ ...newCustomerForm(), namesNotMandatory: true });
    expect(body.ok && body.value.namesNotMandatory).toBe(true);
  });

  it('refuses an invalid e-mail, and only when there is one', () => {
    expect(customerSaveBody({ firstName: 'A', email: 'not-an-email' })).toEqual({ ok: false, code: 'CANNOT_SAVE_CUSTOMER_WITH_INVALID_EMAIL' });
    expect(customerSaveBody({ firstName: 'A', email: '   ' })).toMatchObject({ ok: true, value: { email: null } });
  });

  it('sends blank texts as null and only the fields the routes take', () => {
    const record = { _id: 'c1', _links: { self: { href: '/c1' } }, storeId: 's1', householdId: 'h1', normalizedMobilePhone: null };
    const body = customerSaveBody({ ...record, firstName: ' Ann ', business: '', permissionToText: true });
    expect(body).toEqual({ ok: true, value: { firstName: 'Ann', business: null, honorific: 'Mr', permissionToText: true } });
  });
});

describe('year, make, model, engine', () => {
  const decoded: VehicleForm = { _id: 'v1', vin: VIN, year: 2003, make: 'Honda', model: 'Accord', engine: '6 cyl', trim: 'EX-V6' };

  it('asks before clearing a valid-looking VIN, per field', () => {
    expect(changeYmme(decoded, 'year', 2004).confirm).toBe('confirm_change_year');
    expect(changeYmme(decoded, 'make', 'Acura').confirm).toBe('confirm_change_make');
    expect(changeYmme(decoded, 'model', 'Civic').confirm).toBe('confirm_change_model');
    expect(changeYmme({ ...decoded, vin: null }, 'year', 2004).confirm).toBeNull();
    expect(changeYmme({ ...decoded, vin: 'ABC' }, 'year', 2004).confirm).toBeNull();
  });

  it('clears the dependents, VIN, trim and engine, and names the list to reload', () => {
    expect(changeYmme(decoded, 'year', 2004)).toMatchObject({
      vehicle: { year: 2004, make: null, model: null, engine: null, vin: null, trim: null },
      reload: 'make',
    });
    expect(changeYmme(decoded, 'make', 'Acura')).toMatchObject({
      vehicle: { year: 2003, make: 'Acura', model: null, engine: null, vin: null, trim: null },
      reload: 'model',
    });
    expect(changeYmme(decoded, 'model', 'Civic')).toMatchObject({
      vehicle: { year: 2003, make: 'Honda', model: 'Civic', engine: null, vin: null, trim: null },
      reload: 'engine',
    });
  });

  it('sets an engine alone, without confirmation', () => {
    expect(changeYmme(decoded, 'engine', '2.4L 4 cyl')).toEqual({ vehicle: { ...decoded, engine: '2.4L 4 cyl', error: null }, confirm: null, reload: null });
  });

  it('reloads nothing when a field is emptied, and drops the error marker', () => {
    const change = changeYmme({ ...decoded, error: 'VIN not found' }, 'year', null);
    expect(change.reload).toBeNull();
    expect(change.vehicle.error).toBeNull();
  });
});

describe('VIN entry', () => {
  it('takes a plausible VIN for decoding, upper-cased, out of custom entry', () => {
    expect(enterVin({ customYMME: true }, ` ${VIN.toLowerCase()} `)).toEqual({ vehicle: { vin: VIN, customYMME: false, error: null }, decode: true });
  });

  it('switches a non-VIN string to custom YMME and clears those fields', () => {
    const { vehicle, decode } = enterVin({ vin: VIN, year: 2003, make: 'Honda', model: 'Accord', engine: '6 cyl', trim: 'EX', licensePlate: 'ABC 123' }, 'OLD-TRUCK-1');
    expect(decode).toBe(false);
    expect(vehicle).toEqual({ vin: null, customYMME: true, year: null, make: null, model: null, engine: null, trim: null, licensePlate: 'ABC 123', error: null });
    expect(enterVin({}, '1HGCM82633A00435').vehicle.customYMME).toBe(true);
  });

  it('empties the VIN on a blank entry without leaving the mode', () => {
    expect(enterVin({ vin: VIN, customYMME: false }, '  ')).toEqual({ vehicle: { vin: null, customYMME: false, error: null }, decode: false });
  });

  it('fills year, make, model, engine and trim from the decoder, or marks the error', () => {
    const filled = vinDecoded({ licensePlate: 'X', error: 'old' }, { vin: VIN, year: 2003, make: 'Honda', model: 'Accord', engine: '6 cyl', trim: 'EX-V6' });
    expect(filled).toEqual({ licensePlate: 'X', vin: VIN, year: 2003, make: 'Honda', model: 'Accord', engine: '6 cyl', trim: 'EX-V6', customYMME: false, error: null });
    expect(vinLookupFailed({ vin: VIN }, 'VIN not found')).toEqual({ vin: VIN, error: 'VIN not found' });
  });
});

describe('vehicle update body', () => {
  const saved: VehicleForm = {
    _id: 'v1',
    _links: { self: { href: '/x' } },
    state: 'ok',
    storeId: 's1',
    householdId: 'h1',
    vin: VIN,
    year: 2003,
    make: 'Honda',
    model: 'Accord',
    engine: '6 cyl',
    trim: null,
    customYMME: false,
    carId: null,
    licensePlate: 'ABC 123',
    fleetNumber: null,
    color: 'Red',
    blockedFields: [],
  };

  it('sends only non-null fields, without _id, _links and state', () => {
    expect(vehicleUpdateBody(saved, { ...saved, color: 'Blue' })).toEqual({
      vin: VIN,
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      engine: '6 cyl',
      customYMME: false,
      licensePlate: 'ABC 123',
      color: 'Blue',
    });
  });

  it('is not sent while the vehicle carries an error', () => {
    expect(vehicleUpdateBody(saved, { ...saved, error: 'VIN not found' })).toBeNull();
    expect(vehicleCreateBody({ vin: VIN, error: 'VIN not found' }, 'h1')).toBeNull();
  });

  it.each([
    ['vin', '1M8GDM9AXKP042788'],
    ['licensePlate', 'XYZ 999'],
    ['year', 2004],
    ['make', 'Acura'],
    ['model', 'Civic'],
    ['engine', '4 cyl'],
    ['carId', 'C-1'],
  ])('adds blockedFields when %s changes', (field, value) => {
    expect(vehicleUpdateBody(saved, { ...saved, [field]: value })?.blockedFields).toEqual([field]);
  });

  it('keeps the fields already blocked and adds each change once', () => {
    const before = { ...saved, blockedFields: ['licensePlate'] };
    expect(vehicleUpdateBody(before, { ...before, licensePlate: 'NEW 1', year: 2005 })?.blockedFields).toEqual(['licensePlate', 'year']);
  });

  it('leaves blockedFields out when none of those fields change', () => {
    expect(vehicleUpdateBody(saved, { ...saved, fleetNumber: '12', color: 'Green', trim: 'LX' })).not.toHaveProperty('blockedFields');
    // A blank and a null are the same: no change.
    expect(vehicleUpdateBody(saved, { ...saved, carId: '' })).not.toHaveProperty('blockedFields');
  });

  it('creates with the household and the fields that carry something', () => {
    expect(vehicleCreateBody({ vin: VIN, year: 2003, make: 'Honda', model: '', licensePlate: ' abc 123 ', error: null, customYMME: false }, 'h1')).toEqual({
      householdId: 'h1',
      vin: VIN,
      year: 2003,
      make: 'Honda',
      licensePlate: 'abc 123',
      customYMME: false,
    });
  });
});
