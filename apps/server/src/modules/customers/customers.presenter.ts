import type { Customer, Household, Vehicle } from '@servicebay/domain';
import type { FileLinker } from '../../platform/files/index.js';
import { normalizePhone } from '../../platform/sms/index.js';
import type { CustomerRow, VehicleRow } from './customers.repository.js';
import { NO_SHOWCASE, type Showcase } from './customers.showcase.repository.js';

const base = (storeId: string) => `/v2/api/store/${storeId}`;

/**
 * `link` signs the URLs of stored pictures (fileLinker(platform.files)); `showcase` holds the
 * customer's primary picture (repository `showcase`).
 */
export function presentCustomer(row: CustomerRow, link: FileLinker, showcase: Showcase = NO_SHOWCASE): Customer {
  const primary = showcase.customers.get(row.id);
  const primaryLink = primary ? link({ key: primary.key, name: primary.name }) : null;
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
    normalizedMobilePhone: normalizePhone(row.mobilePhone ?? ''),
    permissionToText: row.permissionToText,
    householdId: row.householdId,
    storeId: row.storeId,
    fleetPicture: link({ key: row.fleetPictureKey, name: row.fleetPictureName }),
    primaryPicture: primaryLink ? { ...primaryLink, source: primary!.source } : null,
    _links: {
      self: { href: `${base(row.storeId)}/customer/${row.id}` },
      ...(row.householdId ? { household: { href: `${base(row.storeId)}/household/${row.householdId}` } } : {}),
    },
  };
}

/** `showcase` holds the vehicle's latest inspection picture (repository `showcase`). */
export function presentVehicle(row: VehicleRow, link: FileLinker, showcase: Showcase = NO_SHOWCASE): Vehicle {
  const latest = showcase.vehicles.get(row.id);
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
    picture: link({ key: row.pictureKey, name: row.pictureName }),
    latestInspectionPicture: latest ? link({ key: latest.key, name: latest.name }) : null,
    _links: {
      self: { href: `${base(row.storeId)}/vehicle/${row.id}` },
      customer: { href: `${base(row.storeId)}/vehicle/${row.id}/customer` },
    },
  };
}

export function presentHousehold(
  storeId: string,
  id: string,
  customers: CustomerRow[],
  vehicles: VehicleRow[],
  link: FileLinker,
  showcase: Showcase = NO_SHOWCASE,
): Household {
  return {
    _id: id,
    customers: customers.map((c) => presentCustomer(c, link, showcase)),
    vehicles: vehicles.map((v) => presentVehicle(v, link, showcase)),
    _links: { self: { href: `${base(storeId)}/household/${id}` } },
  };
}

export function pageInfo(size: number, total: number, page: number) {
  return { size, totalElements: total, totalPages: size ? Math.ceil(total / size) : 0, number: page };
}
