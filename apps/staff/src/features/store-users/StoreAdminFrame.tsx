import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { actingRole, getStoreRoute, STAFF_PATHS, type Store } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { routerPath } from '../../paths.js';
import { storeQueryKey, useSignedIn } from '../../session/signed-in.js';

/** The store settings page: beside store users, under the same account and store (docs/administration.md). */
export const storeSettingsPath = (accountId: string, storeId: string) =>
  `${STAFF_PATHS.storeUsers(accountId, storeId).replace(/\/user$/, '')}/settings`;

/** Roles that reach the account's store list (and so get a way back to it). */
const ACCOUNT_LEVEL = ['owner', 'admin', 'root', 'partner', 'PartnerAdmin'];

export const storeQueryFor = (api: ReturnType<typeof useServices>['api'], storeId: string) => ({
  // The session's own store query: a saved change shows at once in the signed-in frame too.
  queryKey: storeQueryKey(storeId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(getStoreRoute, { params: { storeId }, signal }),
});

/** Loading, refusal (403), unknown (404) and failure states of a page's main query. */
export function QueryState({ error, onRetry, loading }: { error: unknown; onRetry: () => void; loading: boolean }) {
  const { t } = useTranslation(['admin', 'staff']);
  if (loading) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('admin:common.loading')}</Text>
      </Group>
    );
  }
  if (isApiError(error) && error.status === 403) return <AlertBanner alert={{ type: 'warning', message: t('admin:common.forbidden') }} />;
  if (isApiError(error) && error.status === 404) return <AlertBanner alert={{ type: 'warning', message: t('admin:common.notFound') }} />;
  return (
    <Stack gap="sm" align="flex-start">
      <AlertBanner alert={{ type: 'warning', message: t('admin:common.loadFailed') }} />
      <Button onClick={onRetry}>{t('staff:shell.retry')}</Button>
    </Stack>
  );
}

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
