import type { Customer, Household, Vehicle } from '@servicebay/domain';
import type { CustomerRow, VehicleRow } from './customers.repository.js';

const base = (storeId: string) => `/v2/api/store/${storeId}`;

export function presentCustomer(row: CustomerRow): Customer {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    business: row.business,
    honorific: row.honorific,
    email: row.email,
    mobilePhone: row.mobilePhone,
    homePhone: row.homePhone,
    workPhone: row.workPhone,
    primaryPhone: row.primaryPhone,
    normalizedMobilePhone: row.mobilePhone,
    permissionToText: row.permissionToText,
    householdId: row.householdId,
    storeId: row.storeId,
    _links: {
      self: { href: `${base(row.storeId)}/customer/${row.id}` },
      ...(row.householdId ? { household: { href: `${base(row.storeId)}/household/${row.householdId}` } } : {}),
    },
  };
}

export function presentVehicle(row: VehicleRow): Vehicle {
  return {
    _id: row.id,
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
    storeId: row.storeId,
    householdId: row.householdId,
    blockedFields: row.blockedFields,
    state: row.state,
    _links: {
      self: { href: `${base(row.storeId)}/vehicle/${row.id}` },
      customer: { href: `${base(row.storeId)}/vehicle/${row.id}/customer` },
    },
  };
}

export function presentHousehold(storeId: string, id: string, customers: CustomerRow[], vehicles: VehicleRow[]): Household {
  return {
    _id: id,
    customers: customers.map(presentCustomer),
    vehicles: vehicles.map(presentVehicle),
    _links: { self: { href: `${base(storeId)}/household/${id}` } },
  };
}

export function pageInfo(size: number, total: number, page: number) {
  return { size, totalElements: total, totalPages: size ? Math.ceil(total / size) : 0, number: page };
}
