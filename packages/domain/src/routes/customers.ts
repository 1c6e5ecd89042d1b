import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { withAliases } from '../http/aliases.js';
import { ZId, ZPage, ZQueryBoolean, ZSize } from '../http/common.js';
import { STAFF_ROLES } from '../roles.js';
import { LIMITS } from '../limits.js';
import { ZCustomer, ZCustomerFields } from '../customers/customer.js';
import { customerFleetPictureRoute, portalVehiclePictureRoute } from './portal-pictures.js';
import {
  ZHousehold,
  ZHouseholdSearchCount,
  ZHouseholdSearchResult,
  ZPageInfo,
  ZVehicle,
  ZVehicleFields,
} from '../customers/vehicle.js';

const storeParams = z.strictObject({ storeId: ZId });
const customerParams = z.strictObject({ storeId: ZId, customerId: ZId });
const householdParams = z.strictObject({ storeId: ZId, householdId: ZId });
const vehicleParams = z.strictObject({ storeId: ZId, vehicleId: ZId });

/** `storeId` (or its alias `owner`) may travel in a body; it must then name the path's store. */
const ZBodyStore = { storeId: ZId.optional() };
const ZBodyHousehold = { householdId: ZId.optional() };
const STORE_ALIASES = { owner: 'storeId' };
const VEHICLE_ALIASES = { VIN: 'vin', vinNumber: 'vin', owner: 'storeId' };

const atLeastOne = (b: Record<string, unknown>) => Object.keys(b).length > 0;

export const createCustomerRoute = defineRoute({
  id: 'customers.create',
  method: 'POST',
  path: '/v2/api/store/:storeId/customer',
  summary:
    'Creates a customer (firstName, lastName or business required unless namesNotMandatory; an e-mail, when sent, valid). With householdId it joins that household, else it starts its own.',
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: storeParams,
  body: withAliases(ZCustomerFields.partial().extend({ ...ZBodyStore, ...ZBodyHousehold }), STORE_ALIASES),
  response: ZCustomer,
  status: 201,
});

export const updateCustomerRoute = defineRoute({
  id: 'customers.update',
  method: 'PUT',
  path: '/v2/api/store/:storeId/customer/:customerId',
  summary: 'Changes the fields sent (the staff app sends one at a time); the save rules apply to the result.',
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: customerParams,
  body: withAliases(ZCustomerFields.partial().extend(ZBodyStore), STORE_ALIASES).refine(atLeastOne, {
    message: 'a field to change is mandatory',
  }),
  response: ZCustomer,
});

export const getCustomerRoute = defineRoute({
  id: 'customers.get',
  method: 'GET',
  // The spec's path ends with a slash; the server answers the same without it.
  path: '/v2/api/store/:storeId/customer/:customerId/',
  summary: 'One customer of the store (the path answers with or without its trailing slash).',
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: customerParams,
  response: ZCustomer,
});

export const listCustomersRoute = defineRoute({
  id: 'customers.list',
  method: 'GET',
  path: '/v2/api/store/:storeId/customer',
  summary:
    "The store's customers by last name, then first name; filters match the start of each field, email the whole address.",
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: storeParams,
  query: z.object({
    email: z.string().trim().max(254).optional(),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    business: z.string().trim().max(200).optional(),
    mobilePhone: z.string().trim().max(40).optional(),
    sort: z.enum(['lastName']).optional(),
    page: ZPage,
    size: ZSize(100, 20),
  }),
  response: z.object({ _embedded: z.object({ customer: z.array(ZCustomer) }), page: ZPageInfo }),
});

export const customerHouseholdRoute = defineRoute({
  id: 'customers.household',
  method: 'GET',
  path: '/v2/api/store/:storeId/customer/:customerId/household',
  summary: "The customer's household with its customers and vehicles.",
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: customerParams,
  response: ZHousehold,
});

export const getHouseholdRoute = defineRoute({
  id: 'households.get',
  method: 'GET',
  path: '/v2/api/store/:storeId/household/:householdId',
  summary: 'A household with its customers and vehicles.',
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: householdParams,
  response: ZHousehold,
});

export const removeHouseholdCustomerRoute = defineRoute({
  id: 'households.removeCustomer',
  method: 'DELETE',
  path: '/v2/api/store/:storeId/household/:householdId/customer/:customerId',
  summary:
    'Takes a customer out of the household (the record stays, for its history). The last one is refused: CANNOT_REMOVE_MAIN_CUSTOMER.',
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: z.strictObject({ storeId: ZId, householdId: ZId, customerId: ZId }),
  response: ZHousehold,
});

export const householdVehicleCountRoute = defineRoute({
  id: 'households.vehicleCount',
  method: 'GET',
  path: '/v2/api/store/:storeId/household/:householdId/vehicle/count',
  summary: "How many vehicles the household has.",
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: householdParams,
  response: z.object({ count: z.number() }),
});

export const householdVehiclesRoute = defineRoute({
  id: 'households.vehicles',
  method: 'GET',
  path: '/v2/api/store/:storeId/household/:householdId/vehicle',
  summary:
    "The household's vehicles by year (newest first), filtered by searchTerm (plate, VIN, fleet number, make, model); getAll=true returns every one in one page.",
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: householdParams,
  query: z.object({
    searchTerm: z.string().trim().max(100).optional(),
    page: ZPage,
    size: ZSize(100, 20),
    getAll: ZQueryBoolean.optional(),
  }),
  response: z.object({ _embedded: z.object({ vehicle: z.array(ZVehicle) }), page: ZPageInfo }),
});

export const removeHouseholdVehicleRoute = defineRoute({
  id: 'households.removeVehicle',
  method: 'DELETE',
  path: '/v2/api/store/:storeId/household/:householdId/vehicle/:vehicleId',
  summary:
    'Takes a vehicle out of the household (the record stays, for its history). The last one is refused: CANNOT_REMOVE_MAIN_VEHICLE.',
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: z.strictObject({ storeId: ZId, householdId: ZId, vehicleId: ZId }),
  response: ZHousehold,
});

export const createVehicleRoute = defineRoute({
  id: 'vehicles.create',
  method: 'POST',
  path: '/v2/api/store/:storeId/vehicle',
  summary:
    "Creates a vehicle in a household (householdId). VIN_IS_INVALID when a VIN is sent that is not plausible (17 characters, a letter and a digit, no space, hyphen, # or parenthesis): a custom year/make/model entry sends none, and when it holds anything but letters and digits (the message names those characters); VIN_IS_MANDATORY when the store requires one. A plate holding anything but letters, digits, spaces and hyphens is INVALID_ARGUMENTS naming those characters.",
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: storeParams,
  body: withAliases(ZVehicleFields.partial().extend({ ...ZBodyStore, householdId: ZId }), VEHICLE_ALIASES),
  response: ZVehicle,
  status: 201,
});

export const updateVehicleRoute = defineRoute({
  id: 'vehicles.update',
  method: 'PUT',
  path: '/v2/api/store/:storeId/vehicle/:vehicleId',
  summary: 'Changes the fields sent; the VIN rules apply to the result, the character rules of the VIN and the plate to what is sent.',
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: vehicleParams,
  body: withAliases(ZVehicleFields.partial().extend(ZBodyStore), VEHICLE_ALIASES).refine(atLeastOne, {
    message: 'a field to change is mandatory',
  }),
  response: ZVehicle,
});

export const getVehicleRoute = defineRoute({
  id: 'vehicles.get',
  method: 'GET',
  path: '/v2/api/store/:storeId/vehicle/:vehicleId',
  summary: 'One vehicle of the store.',
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: vehicleParams,
  response: ZVehicle,
});

export const vehicleCustomerRoute = defineRoute({
  id: 'vehicles.customer',
  method: 'GET',
  path: '/v2/api/store/:storeId/vehicle/:vehicleId/customer',
  summary: "The customers of the vehicle's household, oldest first (the staff app uses the first).",
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: vehicleParams,
  response: z.object({ _embedded: z.object({ customer: z.array(ZCustomer) }) }),
});

/** A search term is valid at trimmed length 2 (3 for the count); longer ones are cut. */
const ZSearchTerm = (min: number) =>
  z
    .string()
    .trim()
    .min(min, `must be at least ${min} characters`)
    .max(100);

export const searchHouseholdsRoute = defineRoute({
  id: 'search.households',
  method: 'GET',
  path: '/v2/search/store/:storeId/household',
  summary:
    'One box: customers by name, business, any phone fragment, e-mail; vehicles by plate, VIN, fleet number. Typo-tolerant, best match first; at most maxVehicles vehicles in the answer (default 40, up to 50).',
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: storeParams,
  query: z.object({
    search: ZSearchTerm(2),
    maxVehicles: z.coerce
      .number()
      .int()
      .min(1)
      .max(LIMITS.maxVehiclesInHouseholdSearch)
      .default(LIMITS.maxVehiclesInSearch),
  }),
  response: ZHouseholdSearchResult,
});

export const countHouseholdsRoute = defineRoute({
  id: 'search.householdCount',
  method: 'GET',
  path: '/v2/search/store/:storeId/household/count',
  summary: 'How many households, customers and vehicles the search finds (term of at least 3).',
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: storeParams,
  query: z.object({ search: ZSearchTerm(3) }),
  response: ZHouseholdSearchCount,
});

export const vehiclePictureRoute = defineRoute({
  id: 'vehicles.picture',
  method: 'POST',
  path: '/v2/api/store/:storeId/vehicle/:vehicleId/picture',
  summary:
    "Sets the vehicle's picture from a multipart/form-data upload: one PNG or JPEG file (checked by its bytes; 415 otherwise, 413 when too large), optional fileName before it. Stored as an upright JPEG of at most 2048 px without metadata; the previous picture is deleted.",
  tag: 'customers',
  access: access.store(STAFF_ROLES),
  params: vehicleParams,
  response: ZVehicle,
});

export const customerRoutes = [
  createCustomerRoute,
  updateCustomerRoute,
  getCustomerRoute,
  listCustomersRoute,
  customerHouseholdRoute,
  getHouseholdRoute,
  removeHouseholdCustomerRoute,
  householdVehicleCountRoute,
  householdVehiclesRoute,
  removeHouseholdVehicleRoute,
  createVehicleRoute,
  updateVehicleRoute,
  getVehicleRoute,
  vehicleCustomerRoute,
  searchHouseholdsRoute,
  countHouseholdsRoute,
  vehiclePictureRoute,
  portalVehiclePictureRoute,
  customerFleetPictureRoute,
] as const;
