import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { GRANTABLE_ROLES, isGrantableRole } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { StoreAdminFrame } from './StoreAdminFrame.js';
import { UsersList, type UsersAdmin } from './UsersAdmin.js';
import {
  createStoreUser,
  sendStoreUserPasswordEmail,
  setStoreUserPassword,
  setStoreUserPin,
  storeUsersKey,
  storeUsersQuery,
  updateStoreUser,
} from './store-users-api.js';

/**
 * /app/v2/account/{accountId}/store/{storeId}/user: the store's workers,
 * the home of store managers. Add, edit, deactivate; password and PIN.
 */
export function StoreUsersPage() {
  const { accountId = '', storeId = '' } = useParams();
  return (
    <StoreAdminFrame accountId={accountId} storeId={storeId} current="users">
      {() => <StoreUsers storeId={storeId} />}
    </StoreAdminFrame>
  );
}

function StoreUsers({ storeId }: { storeId: string }) {
  const { t } = useTranslation('admin');
  const { api } = useServices();
  const users = useQuery(storeUsersQuery(api, storeId));
  const admin = useMemo<UsersAdmin>(
    () => ({
      key: storeUsersKey(storeId),
      roles: GRANTABLE_ROLES,
      grantable: isGrantableRole,
      // Every worker is changed here; a role the page does not give (the Store account) stays.
      manages: () => true,
      workerFields: true,
      create: ({ type, ...body }) => createStoreUser(api, storeId, { ...body, type: isGrantableRole(type) ? type : 'Technician' }),
      update: (userId, { type, ...body }) => updateStoreUser(api, storeId, userId, { ...body, ...(isGrantableRole(type) && { type }) }),
      setPassword: (userId, password) => setStoreUserPassword(api, storeId, userId, password),
      sendPasswordEmail: (userId) => sendStoreUserPasswordEmail(api, storeId, userId),
      setPin: (userId, pin) => setStoreUserPin(api, storeId, userId, pin),
    }),
    [api, storeId],
  );
  return <UsersList admin={admin} query={users} empty={t('storeUsers.empty')} />;
}
