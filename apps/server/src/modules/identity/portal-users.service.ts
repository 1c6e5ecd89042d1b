import { AppError, REGISTRATION_ERRORS, type UserForCustomerRequest } from '@servicebay/domain';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Limiter } from './login-limiter.js';
import type { PortalUsersRepository } from './portal-users.repository.js';
import type { UserRow } from './identity.repository.js';

const tooMany = () => new AppError(429, 'TOO_MANY_REQUESTS', 'Too many attempts; try again in a minute');
const customerNotFound = () =>
  new AppError(404, REGISTRATION_ERRORS.customerNotFound, 'No customer has this e-mail address (customer_not_found_at_registration)');
const userExists = () =>
  new AppError(409, REGISTRATION_ERRORS.userExists, 'This customer already has a user (customer_user_already_exists)');

/**
 * Portal registration (POST /userForCustomer, docs/portal-users.md): the customer who gave
 * the shop this e-mail gets a consumer user with it as username, in the customer's store.
 */
export function createPortalUsersService(deps: {
  repo: PortalUsersRepository;
  limiters: { perAddress: Limiter; perUsername: Limiter };
}) {
  const { repo, limiters } = deps;
  return {
    async register(input: UserForCustomerRequest & { address: string }): Promise<UserRow> {
      const username = input.username.trim();
      // Limited like the login: the 404 tells whether a shop knows an e-mail address.
      if (!limiters.perAddress.hit(`register:${input.address}`) || !limiters.perUsername.hit(`register:${username.toLowerCase()}`)) {
        throw tooMany();
      }
      const customer = await repo.customerByEmail(username);
      if (!customer) throw customerNotFound();
      if (await repo.existingUser(customer.id, username)) throw userExists();
      const user = await repo.insertConsumer({ username, passwordHash: await hashPassword(input.password), customer });
      if (!user) throw userExists();
      return user;
    },
  };
}

export type PortalUsersService = ReturnType<typeof createPortalUsersService>;
