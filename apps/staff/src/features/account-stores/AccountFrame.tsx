import type { ReactNode } from 'react';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCOUNT_USERS_ADMIN_ROLES, actingRole, isRole, STAFF_PATHS } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { routerPath } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';
import { accountQuery } from './account-stores-api.js';

/**
 * The frame of an account's pages: the title, the account's name, and the Stores / Users tabs for
 * those who manage the account's users (its owners, and root); account managers see the stores only.
 */
export function AccountFrame({
  accountId,
  current,
  title,
  purpose,
  children,
}: {
  accountId: string;
  current: 'stores' | 'users';
  title: string;
  purpose: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { api } = useServices();
  const { user } = useSignedIn();
  const account = useQuery(accountQuery(api, accountId));
  const role = actingRole(user);
  const managesUsers = isRole(role) && ACCOUNT_USERS_ADMIN_ROLES.includes(role);
  const tab = (which: 'stores' | 'users', to: string, label: string) => (
    <Button component={Link} to={routerPath(to)!} variant={current === which ? 'filled' : 'default'} aria-current={current === which ? 'page' : undefined}>
      {label}
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader title={title} purpose={purpose}>
        {account.data && (
          <Badge size="lg" variant="light" color="bay.9" data-account-name>
            {account.data.name}
          </Badge>
        )}
      </PageHeader>
      {(managesUsers || current === 'users') && (
        <Group gap="xs" component="nav" aria-label={t('accountUsers.sections')}>
          {tab('stores', STAFF_PATHS.accountStores(accountId), t('accountUsers.storesTab'))}
          {tab('users', STAFF_PATHS.accountUsers(accountId), t('accountUsers.tab'))}
        </Group>
      )}
      {children}
    </Stack>
  );
}
