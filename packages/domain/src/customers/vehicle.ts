import { z } from 'zod';
import { ZCustomer } from './customer.js';
import { ZFileLink } from '../files/file.js';
import { refuseUnusableCharacters } from '../text/unusable-characters.js';

/** Fields whose change the client reports in blockedFields, as the API names them. */
export const VEHICLE_BLOCKABLE_FIELDS = ['vin', 'vinNumber', 'licensePlate', 'year', 'make', 'model', 'engine', 'carId'] as const;

const ZYear = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number().int().min(1886).max(2100),
);
const ZText = (max: number) => z.string().trim().max(max);

/** A plate as typed: letters, digits, spaces and hyphens; any other character is refused, named. */
export const ZLicensePlate = ZText(20).superRefine(refuseUnusableCharacters('licensePlate'));

/** What a vehicle is made of on input, every field optional. */
export const ZVehicleFields = z.strictObject({
  /**
   * Letters and digits only (VIN_IS_INVALID naming the other characters); then checked for
   * plausibility (isPlausibleVin) by the service (VIN_IS_INVALID).
   */
  vin: ZText(40).superRefine(refuseUnusableCharacters('vin', 'VIN_IS_INVALID')).nullable(),
  year: ZYear.nullable(),
  make: ZText(60).nullable(),
  model: ZText(100).nullable(),
  engine: ZText(120).nullable(),
  trim: ZText(120).nullable(),
  customYMME: z.boolean(),
  carId: ZText(60).nullable(),
  licensePlate: ZLicensePlate.nullable(),
  fleetNumber: ZText(30).nullable(),
  color: ZText(40).nullable(),
  blockedFields: z.array(z.enum(VEHICLE_BLOCKABLE_FIELDS)).max(VEHICLE_BLOCKABLE_FIELDS.length),
});
export type VehicleFields = z.infer<typeof ZVehicleFields>;

export const ZVehicle = z.object({
  _id: z.string(),
  vin: z.string().nullable(),
  year: z.number().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  engine: z.string().nullable(),
  trim: z.string().nullable(),
  customYMME: z.boolean(),
  carId: z.string().nullable(),
  licensePlate: z.string().nullable(),
  fleetNumber: z.string().nullable(),
  color: z.string().nullable(),
  storeId: z.string(),
  householdId: z.string().nullable(),
  blockedFields: z.array(z.string()),
  state: z.string().nullable(),
  /** The vehicle's picture: a signed URL and the name; null when none (always sent). */
  picture: ZFileLink.nullable().optional(),
  /**
   * The newest picture taken on an inspection result of the vehicle's repair orders (a signed URL
   * of its gallery copy, and the name); null when none (always sent).
   */
  latestInspectionPicture: ZFileLink.nullable().optional(),
  _links: z.object({ self: z.object({ href: z.string() }), customer: z.object({ href: z.string() }) }),
});
export type Vehicle = z.infer<typeof ZVehicle>;

/** A household: its customers and vehicles. */
export const ZHousehold = z.object({
  _id: z.string(),
  customers: z.array(ZCustomer),
  vehicles: z.array(ZVehicle),
  _links: z.object({ self: z.object({ href: z.string() }) }),
});
export type Household = z.infer<typeof ZHousehold>;

export const ZPageInfo = z.object({
  size: z.number(),
  totalElements: z.number(),
  totalPages: z.number(),
  number: z.number(),
});

/** Household search answer: households found, with what they hold. */
export const ZHouseholdSearchResult = z.object({
  /** Households matching the term. */
  total: z.number(),
  /** Households in this answer. */
  count: z.number(),
  customerCount: z.number(),
  vehicleCount: z.number(),
  _embedded: z.object({ household: z.array(ZHousehold) }),
});
export type HouseholdSearchResult = z.infer<typeof ZHouseholdSearchResult>;

export const ZHouseholdSearchCount = z.object({
  total: z.number(),
  customerCount: z.number(),
  vehicleCount: z.number(),
});

/** What the offline decoder reads from a VIN (GET /v1/api/vin/{vin}). */
export const ZVinDecoded = z.object({
  vin: z.string(),
  year: z.number(),
  make: z.string(),
  model: z.string(),
  engine: z.string().nullable(),
  trim: z.string().nullable(),
  checkDigitValid: z.boolean(),
  /** The likely intended VIN when the entry fails 49 CFR 565 (I/O/Q, check digit). */
  correction: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type VinDecoded = z.infer<typeof ZVinDecoded>;
