import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZUserForCustomerRequest, ZUserForCustomerResponse } from '../identity/portal-users.js';

export const userForCustomerRoute = defineRoute({
  id: 'portalUsers.register',
  method: 'POST',
  path: '/v2/api/userForCustomer',
  summary:
    "Create the MyCar / MyFleet user of the customer whose e-mail is the username (docs/portal-users.md). 404 CUSTOMER_NOT_FOUND_AT_REGISTRATION when no customer has that e-mail; 409 CUSTOMER_USER_ALREADY_EXISTS when it already has a user (or the name is taken); the password must pass the strength rule. Rate-limited like the login.",
  tag: 'session',
  carriesSecrets: true,
  access: access.public('registration: a customer without a user has no token yet'),
  body: ZUserForCustomerRequest,
  response: ZUserForCustomerResponse,
  status: 201,
});

export const portalUserRoutes = [userForCustomerRoute] as const;
