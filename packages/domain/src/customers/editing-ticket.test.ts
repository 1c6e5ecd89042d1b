import { describe, expect, it } from 'vitest';
import { parseMileage, queryId, readQueryValues, ticketSaveProblem, type TicketCheck } from './editing-ticket.js';

const VIN = '1HGCM82633A004352';
const ready: TicketCheck = {
  editingCustomer: false,
  editingVehicle: false,
  customerId: 'c1',
  vehicleId: 'v1',
  vin: VIN,
  orderNumber: null,
  store: { vinOrOrderNumberMandatory: false, vinIsMandatory: false },
};

describe('ticket save rules (spec §5)', () => {
  it('accepts a ticket with a contact and a vehicle', () => {
    expect(ticketSaveProblem(ready)).toBeNull();
    expect(ticketSaveProblem({ ...ready, vin: null, store: null })).toBeNull();
  });

  it('refuses while a contact or a vehicle is being edited', () => {
    expect(ticketSaveProblem({ ...ready, editingCustomer: true })).toBe('contact_being_edited');
    expect(ticketSaveProblem({ ...ready, editingVehicle: true })).toBe('vehicle_being_edited');
  });

  it('refuses without a contact or a vehicle', () => {
    expect(ticketSaveProblem({ ...ready, customerId: null })).toBe('no_contact_selected');
    expect(ticketSaveProblem({ ...ready, vehicleId: null })).toBe('no_vehicle_selected');
  });

  it('refuses another vehicle on edit', () => {
    expect(ticketSaveProblem({ ...ready, savedVehicleId: 'v2' })).toBe('CANNOT_CHANGE_VEHICLE');
    expect(ticketSaveProblem({ ...ready, savedVehicleId: 'v1' })).toBeNull();
  });

  it('needs a VIN or an order number where the store says so', () => {
    const store = { vinOrOrderNumberMandatory: true };
    expect(ticketSaveProblem({ ...ready, store, vin: null })).toBe('vin_or_order_number_is_mandatory');
    expect(ticketSaveProblem({ ...ready, store, vin: 'ABC', orderNumber: ' ' })).toBe('vin_or_order_number_is_mandatory');
    expect(ticketSaveProblem({ ...ready, store, vin: null, orderNumber: 'RO-1' })).toBeNull();
    expect(ticketSaveProblem({ ...ready, store })).toBeNull();
  });

  it('needs a VIN where the store says so', () => {
    const store = { vinIsMandatory: true };
    expect(ticketSaveProblem({ ...ready, store, vin: null, orderNumber: 'RO-1' })).toBe('VIN_IS_MANDATORY');
    expect(ticketSaveProblem({ ...ready, store })).toBeNull();
  });
});

describe('ticket query string (spec §2)', () => {
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
