import { z } from 'zod';
import { ZStrongPassword } from './password.js';
import { ZUser } from './session.js';

/**
 * Registration of a MyCar / MyFleet user (POST /userForCustomer): the e-mail the customer
 * gave the shop is the username, and the password must pass the strength rule.
 */
export const ZUserForCustomerRequest = z.strictObject({
  username: z.string().trim().min(1, 'username is mandatory').max(200),
  password: ZStrongPassword,
});
export type UserForCustomerRequest = z.infer<typeof ZUserForCustomerRequest>;

/** What registration answers: the new consumer user; the portal then signs in with the same credentials. */
export const ZUserForCustomerResponse = ZUser;

/** Registration: the portal texts of its two refusals, also the API's error codes. */
export const REGISTRATION_ERRORS = {
  customerNotFound: 'CUSTOMER_NOT_FOUND_AT_REGISTRATION',
  userExists: 'CUSTOMER_USER_ALREADY_EXISTS',
} as const;
