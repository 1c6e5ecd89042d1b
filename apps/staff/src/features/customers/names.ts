import type { Customer, Vehicle } from '@servicebay/domain';

type NamedCustomer = Pick<Customer, 'firstName' | 'lastName' | 'business'>;
type NamedVehicle = Pick<Vehicle, 'year' | 'make' | 'model' | 'licensePlate' | 'fleetNumber' | 'vin'>;

/** "First Last" or the business; empty when the record has neither. */
export function customerName(customer: NamedCustomer): string {
  const person = [customer.firstName, customer.lastName].filter((p) => p && p.trim()).join(' ');
  return person || customer.business?.trim() || '';
}

/** "2016 Honda Accord", else the plate, the fleet number or the VIN. */
export function vehicleName(vehicle: NamedVehicle): string {
  const ymm = [vehicle.year, vehicle.make, vehicle.model].filter((p) => p !== null && p !== undefined && String(p).trim()).join(' ');
  return ymm || vehicle.licensePlate || vehicle.fleetNumber || vehicle.vin || '';
}
