import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { STAFF_ROLES } from '../roles.js';
import { ZVinDecoded } from '../customers/vehicle.js';

/**
 * Model names may hold a slash ("F-150/F-250"), which a path segment cannot: the client sends
 * this placeholder instead and the server puts the slash back.
 */
export const MODEL_SLASH_PLACEHOLDER = '__SLASH__';
export const encodeModelName = (model: string) => model.replaceAll('/', MODEL_SLASH_PLACEHOLDER);
export const decodeModelName = (model: string) => model.replaceAll(MODEL_SLASH_PLACEHOLDER, '/');

const ZYearParam = z.coerce.number().int().min(1981).max(2100);
const ZName = z.string().trim().min(1).max(120);

export const decodeVinRoute = defineRoute({
  id: 'vehicleData.decodeVin',
  method: 'GET',
  path: '/v1/api/vin/:vin',
  summary:
    "Decodes a VIN offline from NHTSA vPIC data: year, make, model, engine, trim, with the 49 CFR 565 check and the likely correction. 404 'VIN not found' when the data cannot decode it.",
  tag: 'vehicle-data',
  access: access.signedIn(STAFF_ROLES),
  params: z.strictObject({ vin: z.string().trim().min(1).max(40) }),
  response: ZVinDecoded,
});

export const listYearsRoute = defineRoute({
  id: 'vehicleData.years',
  method: 'GET',
  path: '/v1/api/year',
  summary: 'Model years, newest first.',
  tag: 'vehicle-data',
  access: access.signedIn(STAFF_ROLES),
  response: z.array(z.number()),
});

export const listMakesRoute = defineRoute({
  id: 'vehicleData.makes',
  method: 'GET',
  path: '/v1/api/year/:year/make',
  summary: 'Makes of cars, trucks and multipurpose vehicles with VIN data for the year.',
  tag: 'vehicle-data',
  access: access.signedIn(STAFF_ROLES),
  params: z.strictObject({ year: ZYearParam }),
  response: z.array(z.string()),
});

export const listModelsRoute = defineRoute({
  id: 'vehicleData.models',
  method: 'GET',
  path: '/v1/api/year/:year/make/:make/model',
  summary: `Models of the make for the year; a slash in a name comes as ${MODEL_SLASH_PLACEHOLDER} in later paths.`,
  tag: 'vehicle-data',
  access: access.signedIn(STAFF_ROLES),
  params: z.strictObject({ year: ZYearParam, make: ZName }),
  response: z.array(z.string()),
});

export const listEnginesRoute = defineRoute({
  id: 'vehicleData.engines',
  method: 'GET',
  path: '/v1/api/year/:year/make/:make/model/:model/engine',
  summary: `Engines (displacement and cylinders) the model's VINs can carry that year. Send a slash in the model as ${MODEL_SLASH_PLACEHOLDER}.`,
  tag: 'vehicle-data',
  access: access.signedIn(STAFF_ROLES),
  params: z.strictObject({ year: ZYearParam, make: ZName, model: ZName.transform(decodeModelName) }),
  response: z.array(z.string()),
});

export const ZMaintenanceInterval = z.object({
  /** Due every this many miles or kilometres (lengthUnit), or months, whichever comes first. */
  value: z.number(),
  lengthUnit: z.enum(['mi', 'km']),
  months: z.number().nullable(),
  services: z.array(z.object({ operation: z.string(), item: z.string() })),
});
export type MaintenanceInterval = z.infer<typeof ZMaintenanceInterval>;

export const maintenanceScheduleRoute = defineRoute({
  id: 'vehicleData.maintenance',
  method: 'GET',
  path: '/v2/api/year/:year/make/:make/model/:model/engine/:engine/maintenance',
  summary:
    'The maintenance schedule for the vehicle, in miles or kilometres (lengthUnit, mi by default): a generic light-vehicle schedule, without oil services for an electric engine.',
  tag: 'vehicle-data',
  access: access.signedIn(STAFF_ROLES),
  params: z.strictObject({ year: ZYearParam, make: ZName, model: ZName.transform(decodeModelName), engine: ZName }),
  query: z.object({ lengthUnit: z.enum(['mi', 'km']).default('mi') }),
  response: z.object({ _embedded: z.object({ interval: z.array(ZMaintenanceInterval) }) }),
});

export const vehicleDataRoutes = [
  decodeVinRoute,
  listYearsRoute,
  listMakesRoute,
  listModelsRoute,
  listEnginesRoute,
  maintenanceScheduleRoute,
] as const;
