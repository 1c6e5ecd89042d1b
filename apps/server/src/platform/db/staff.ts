import { STAFF_ROLES } from '@servicebay/domain';
import { inArray } from 'drizzle-orm';
import { users } from './schema/users.js';

/**
 * The users who work for a shop: staff roles only. A portal user (a MyCar customer) carries its
 * customer's store in `store_id`, so every query for a store's workers adds this condition, or a
 * customer would be listed, reached and signed in as one of the shop's workers.
 */
export function isStaff() {
  return inArray(users.type, [...STAFF_ROLES]);
}
