import { describe, expect, it } from 'vitest';
import { parseMileage, queryId, readQueryValues, repairOrderSaveProblem, type RepairOrderFormCheck } from './editing-repair-order.js';

const VIN = '1HGCM82633A004352';
const ready: RepairOrderFormCheck = {
  editingCustomer: false,
  editingVehicle: false,
  customerId: 'c1',
  vehicleId: 'v1',
  vin: VIN,
  orderNumber: null,
  store: { vinOrOrderNumberMandatory: false, vinIsMandatory: false },
};

describe('ticket save rules', () => {
  it('accepts a ticket with a contact and a vehicle', () => {
    expect(repairOrderSaveProblem(ready)).toBeNull();
    expect(repairOrderSaveProblem({ ...ready, vin: null, store: null })).toBeNull();
  });

  it('refuses while a contact or a vehicle is being edited', () => {
    expect(repairOrderSaveProblem({ ...ready, editingCustomer: true })).toBe('contact_being_edited');
    expect(repairOrderSaveProblem({ ...ready, editingVehicle: true })).toBe('vehicle_being_edited');
  });

  it('refuses without a contact or a vehicle', () => {
    expect(repairOrderSaveProblem({ ...ready, customerId: null })).toBe('no_contact_selected');
    expect(repairOrderSaveProblem({ ...ready, vehicleId: null })).toBe('no_vehicle_selected');
  });

  it('refuses another vehicle on edit', () => {
    expect(repairOrderSaveProblem({ ...ready, savedVehicleId: 'v2' })).toBe('CANNOT_CHANGE_VEHICLE');
    expect(repairOrderSaveProblem({ ...ready, savedVehicleId: 'v1' })).toBeNull();
  });

  it('needs a VIN or an order number where the store says so', () => {
    const store = { vinOrOrderNumberMandatory: true };
    expect(repairOrderSaveProblem({ ...ready, store, vin: null })).toBe('vin_or_order_number_is_mandatory');
    expect(repairOrderSaveProblem({ ...ready, store, vin: 'ABC', orderNumber: ' ' })).toBe('vin_or_order_number_is_mandatory');
    expect(repairOrderSaveProblem({ ...ready, store, vin: null, orderNumber: 'RO-1' })).toBeNull();
    expect(repairOrderSaveProblem({ ...ready, store })).toBeNull();
  });

  it('needs a VIN where the store says so', () => {
    const store = { vinIsMandatory: true };
    expect(repairOrderSaveProblem({ ...ready, store, vin: null, orderNumber: 'RO-1' })).toBe('VIN_IS_MANDATORY');
    expect(repairOrderSaveProblem({ ...ready, store })).toBeNull();
  });
});

describe('ticket query string', () => {
  it('keeps values and turns true and false into booleans', () => {
    const query: Array<[string, string]> = [
      ['vehicleId', 'v1'],
      ['vehicleInShop', 'true'],
      ['waiting', 'false'],
      ['vin', 'ABC'],
    ];
    expect(readQueryValues(query)).toEqual({
      vehicleId: 'v1',
      vehicleInShop: true,
      waiting: false,
      vin: 'ABC',
    });
    expect(readQueryValues([['flag', 'TRUE'], ['flag', 'x']])).toEqual({ flag: 'x' });
  });

  it('reads ids, not booleans or blanks', () => {
    const values = readQueryValues([
      ['customerId', 'c1'],
      ['vehicleId', 'true'],
      ['vin', ' '],
    ]);
    expect(queryId(values, 'customerId')).toBe('c1');
    expect(queryId(values, 'vehicleId')).toBeNull();
    expect(queryId(values, 'vin')).toBeNull();
    expect(queryId(values, 'missing')).toBeNull();
  });
});

describe('mileage', () => {
  it('reads whole numbers, empty as null, anything else invalid', () => {
    expect(parseMileage('12,345')).toBe(12345);
    expect(parseMileage(' ')).toBeNull();
    expect(parseMileage('12.5')).toBe('invalid');
    expect(parseMileage('-3')).toBe('invalid');
  });
});
