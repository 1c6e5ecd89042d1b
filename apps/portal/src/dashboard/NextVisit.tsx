import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dismissDeferredRoute, isLanguage, type DeferredItem, type PortalStore } from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { DATE_FORMATS, formatDate } from '@servicebay/web-core';
import { useServices } from '../context.js';

/**
 * Next visit: the appointment (its card and the request button are plugged in through
 * `appointment`, built apart) and the work the customer put off, each dismissable
 * (PUT /v2/api/report/{id}/result/{resultId}/deferred).
 */
export function NextVisit({
  store,
  deferredItems,
  appointment,
  onChanged,
}: {
  store: PortalStore;
  deferredItems: DeferredItem[];
  /** The appointment's place in next visit: its card and the request button (appointments feature). */
  appointment?: ReactNode;
  /** After a dismissal: the vehicle's overview is read again. */
  onChanged: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('portal');
  const { api } = useServices();
  const alerts = useAlerts();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const dismiss = useMutation({
    mutationFn: (item: DeferredItem) =>
      api.call(dismissDeferredRoute, {
        params: { inspectionOrderId: item.inspectionOrderId, resultId: item.resultId },
        query: {},
        body: { deferredIgnoredByCustomer: true },
      }),
    onSuccess: async (_answer, item) => {
      await onChanged();
      alerts.show({ type: 'success', message: t('nextVisit.dismissed', { name: item.name[language] }) });
    },
    onError: () => alerts.show({ type: 'danger', message: t('nextVisit.dismissFailed') }),
  });
  return (
    <Paper withBorder radius="lg" p="md" h="100%" component="section" aria-labelledby="next-visit-title" data-testid="next-visit">
      <Stack gap="sm">
        <Title order={2} size="h4" id="next-visit-title">
          {t('nextVisit.title')}
        </Title>
        {/* The appointment card and its request button go here. */}
        <div data-slot="appointment">{appointment}</div>
        <Title order={3} size="h5">
          {t('nextVisit.deferredTitle')}
        </Title>
        {deferredItems.length === 0 ? (
          <Text c="dimmed">{t('nextVisit.empty')}</Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {deferredItems.map((item) => {
              const name = item.name[language];
              const finding = item.finding?.[language];
              return (
                <Paper component="li" key={item.resultId} withBorder radius="md" p="sm" data-testid="deferred-item" data-result={item.resultId}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Stack gap={2} miw={0}>
                      <Group gap="xs">
                        <Text fw={700}>{name}</Text>
                        <Badge color={item.result === 'critical' ? 'red.9' : 'yellow.9'} variant="light">
                          {t(`nextVisit.${item.result}`)}
                        </Badge>
                      </Group>
                      {finding && <Text size="sm">{finding}</Text>}
                      <Text size="xs" c="dimmed">
                        {t('nextVisit.fromVisit', { date: formatDate(item.date, DATE_FORMATS.date, language, { timeZone: store.timeZone }) })}
                      </Text>
                    </Stack>
                    <Button
                      variant="default"
                      size="xs"
                      style={{ flexShrink: 0 }}
                      onClick={() => dismiss.mutate(item)}
                      loading={dismiss.isPending && dismiss.variables?.resultId === item.resultId}
                      aria-label={t('nextVisit.dismissLabel', { name })}
                    >
                      {t('nextVisit.dismiss')}
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
