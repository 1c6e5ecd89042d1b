import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { actingRole, STAFF_PATHS, type Store } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { QueryState } from '../../kit/QueryState.js';
import { routerPath } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';
import { storeQueryFor } from './store-users-api.js';

/** The store settings page: beside store users, under the same account and store (docs/administration.md). */
export const storeSettingsPath = (accountId: string, storeId: string) =>
  `${STAFF_PATHS.storeUsers(accountId, storeId).replace(/\/user$/, '')}/settings`;

/** Roles that reach the account's store list (and so get a way back to it). */
const ACCOUNT_LEVEL = ['owner', 'admin', 'root', 'partner', 'PartnerAdmin'];

/**
 * The frame of a store's administration pages: the store's name, a way back to the account's
 * stores for account-level users, and the Users / Settings tabs.
 */
export function StoreAdminFrame({
  accountId,
  storeId,
  current,
  children,
}: {
  accountId: string;
  storeId: string;
  current: 'users' | 'settings';
  children: (store: Store) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { api } = useServices();
  const { user } = useSignedIn();
  const store = useQuery(storeQueryFor(api, storeId));
  const usersPath = routerPath(STAFF_PATHS.storeUsers(accountId, storeId))!;
  const settingsPath = routerPath(storeSettingsPath(accountId, storeId))!;
  const title = current === 'users' ? t('storeUsers.title') : t('storeSettings.title');

  return (
    <Stack gap="lg">
      {ACCOUNT_LEVEL.includes(actingRole(user)) && (
        <Anchor component={Link} to={routerPath(STAFF_PATHS.accountStores(accountId))!} size="sm">
          {t('storeUsers.backToStores')}
        </Anchor>
      )}
      <PageHeader title={title} purpose={current === 'users' ? t('storeUsers.purpose') : t('storeSettings.purpose')}>
        {store.data && (
          <Badge size="lg" variant="light" color="bay.9" data-store-name>
            {store.data.name}
          </Badge>
        )}
      </PageHeader>
      <Group gap="xs" component="nav" aria-label={t('storeUsers.sections')}>
        <Button component={Link} to={usersPath} variant={current === 'users' ? 'filled' : 'default'} aria-current={current === 'users' ? 'page' : undefined}>
          {t('storeUsers.tab')}
        </Button>
        <Button
          component={Link}
          to={settingsPath}
          variant={current === 'settings' ? 'filled' : 'default'}
          aria-current={current === 'settings' ? 'page' : undefined}
        >
          {t('storeSettings.tab')}
        </Button>
      </Group>
      {store.data ? (
        children(store.data)
      ) : (
        <QueryState loading={store.isPending} error={store.error} onRetry={() => void store.refetch()} />
      )}
    </Stack>
  );
}
