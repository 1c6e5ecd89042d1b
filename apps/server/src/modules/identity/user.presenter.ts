import { isLanguage, isRole, readStoreSettings, type Role, type User } from '@servicebay/domain';
import type { Principal } from '../../platform/auth/principal.js';
import type { StoreRow, UserRow } from './identity.repository.js';

function role(value: string | null): Role | null {
  return isRole(value) ? value : null;
}

/** The token's claims; an admin acting as a store role (hijack) speaks as that role in that store. */
export function principalOf(user: UserRow, store: StoreRow | null, acting?: { type: Role; storeId: string }): Principal {
  return {
    id: user.id,
    type: acting?.type ?? role(user.type) ?? 'consumer',
    username: user.username,
    storeId: acting?.storeId ?? user.storeId,
    accountId: user.accountId,
    partnerId: user.partnerId,
    customerId: user.customerId,
    isUserOfInactiveStore: store ? !store.active : false,
  };
}

/** A user as the API shows it (worker or user); never its secrets. */
export function presentUser(user: UserRow, store: StoreRow | null): User {
  return {
    _id: user.id,
    id: user.id,
    username: user.username,
    type: role(user.type) ?? 'consumer',
    lastRoleUsed: role(user.lastRoleUsed),
    title: user.title,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    storeId: user.storeId,
    accountId: user.accountId,
    customerId: user.customerId,
    partnerId: user.partnerId,
    language: isLanguage(user.language) ? user.language : 'en',
    authorizedToRefund: user.authorizedToRefund,
    mandatoryTrainingComplete: user.mandatoryTrainingComplete,
    dashboardVersion: user.dashboardVersion,
    workflowVersion: store ? readStoreSettings(store.settings).workflowVersion : null,
    isLegacy: user.isLegacy,
    pinSet: user.pinHash !== null,
    isUserOfInactiveStore: store ? !store.active : false,
    sorting: user.dashboardSorting,
    filter: user.dashboardFilter,
    waitingFirst: user.waitingFirst,
    myVehicles: user.myVehicles,
    dashboardView: user.dashboardView,
  };
}
