import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ACCOUNT_GRANTABLE_ROLES, isAccountGrantableRole } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { AccountFrame } from '../account-stores/AccountFrame.js';
import { UsersList, type UsersAdmin } from '../store-users/UsersAdmin.js';
import {
  accountUsersKey,
  accountUsersQuery,
  createAccountUser,
  sendAccountUserPasswordEmail,
  setAccountUserPassword,
  updateAccountUser,
} from './account-users-api.js';

/**
 * /app/v2/account/{accountId}/user: the account's own users (owners, account managers, analytics
 * viewers, payment managers), for its owners. Add, edit, deactivate, password; the owners are
 * listed, not changed.
 */
export function AccountUsersPage() {
  const { accountId = '' } = useParams();
  const { t } = useTranslation('admin');
  const { api } = useServices();
  const users = useQuery(accountUsersQuery(api, accountId));
  const admin = useMemo<UsersAdmin>(
    () => ({
      key: accountUsersKey(accountId),
      roles: ACCOUNT_GRANTABLE_ROLES,
      grantable: isAccountGrantableRole,
      manages: (user) => isAccountGrantableRole(user.type),
      workerFields: false,
      // Without the workers' fields, the form sends none of them (refunds, admin PIN, dashboard).
      create: ({ type, ...body }) => createAccountUser(api, accountId, { ...body, type: isAccountGrantableRole(type) ? type : 'admin' }),
      update: (userId, { type, ...body }) => updateAccountUser(api, accountId, userId, { ...body, ...(isAccountGrantableRole(type) && { type }) }),
      setPassword: (userId, password) => setAccountUserPassword(api, accountId, userId, password),
      sendPasswordEmail: (userId) => sendAccountUserPasswordEmail(api, accountId, userId),
    }),
    [api, accountId],
  );

  return (
    <AccountFrame accountId={accountId} current="users" title={t('accountUsers.title')} purpose={t('accountUsers.purpose')}>
      <UsersList admin={admin} query={users} empty={t('accountUsers.empty')} unmanagedNote={t('accountUsers.ownerNote')} />
    </AccountFrame>
  );
}
