import type { ReactNode } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';

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

/** The query's state until its data is there, then what `children` draws from the data. */
export function QueryContent<D>({ query, children }: { query: UseQueryResult<D>; children: (data: D) => ReactNode }) {
  if (query.data === undefined) return <QueryState loading={query.isPending} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
