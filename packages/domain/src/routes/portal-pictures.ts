import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { STAFF_ROLES } from '../roles.js';
import { ZCustomer } from '../customers/customer.js';
import { ZVehicle } from '../customers/vehicle.js';

/*
 * The pictures a portal user may upload (the fleet logo, a vehicle's picture): a module of their
 * own, so the portal's dashboard does not build every customer route's schemas.
 */

export const customerFleetPictureRoute = defineRoute({
  id: 'customers.fleetPicture',
  method: 'POST',
  path: '/v2/api/customer/:customerId/fleetPicture',
  summary:
    "Sets the customer's fleet logo (fleetPicture) from a multipart/form-data upload, as for a vehicle picture; for the store's staff and the customer's own portal users.",
  tag: 'customers',
  access: access.customer(STAFF_ROLES),
  params: z.strictObject({ customerId: ZId }),
  response: ZCustomer,
});

export const portalVehiclePictureRoute = defineRoute({
  id: 'customers.portalVehiclePicture',
  method: 'POST',
  path: '/v2/api/vehicle/:vehicleId/picture',
  summary:
    "Sets the vehicle's profile picture from the portal (docs/portal.md), from a multipart/form-data upload as the store's vehicle picture: one PNG or JPEG file (checked by its bytes; 415 otherwise, 413 when too large), kept as an upright JPEG; for a portal user of the household that holds the vehicle.",
  tag: 'customers',
  access: access.household([]),
  params: z.strictObject({ vehicleId: ZId }),
  response: ZVehicle,
});
