import { useId } from 'react';
import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isQuietDay, ORDER_STAGES, type StoreFigures } from '@servicebay/domain';
import { todayTexts } from './store-figures.js';

/** Where the account's figures of the day stand, as a store card sees them. */
export interface TodayState {
  /** This store's figures, once they are there. */
  figures: StoreFigures | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

function TodayFigure({ name, label, value, missing }: { name: string; label: string; value: string | null; missing?: string }) {
  return (
    <div data-figure={name}>
      <Text size="xl" fw={700}>
        {value ?? '—'}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
        {value === null && missing && <VisuallyHidden> {missing}</VisuallyHidden>}
      </Text>
    </div>
  );
}

/**
 * A store's day on its card (docs/analytics.md for each figure): cars, average repair order,
 * approval rate, and the open tickets by stage; a line of its own while loading, when the figures
 * could not be read, and on a day with nothing yet.
 */
export function StoreToday({ state }: { state: TodayState }) {
  const { t, i18n } = useTranslation('admin');
  const headingId = useId();
  const stagesId = useId();
  const { figures } = state;
  const texts = figures && todayTexts(figures, i18n.language);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="sm" data-today>
      <Stack gap="xs">
        <Text id={headingId} fw={600}>
          {t('accountStores.today.title')}
        </Text>
        {figures && texts ? (
          <>
            {/* Three columns: a long label wraps under its own figure rather than pushing the next one down. */}
            <SimpleGrid cols={3} spacing="sm">
              <TodayFigure name="cars" label={t('accountStores.today.cars')} value={texts.cars} />
              <TodayFigure
                name="averageRepairOrder"
                label={t('accountStores.today.averageRepairOrder')}
                value={texts.averageRepairOrder}
                missing={t('accountStores.today.noDecision')}
              />
              <TodayFigure
                name="approvalRate"
                label={t('accountStores.today.approvalRate')}
                value={texts.approvalRate}
                missing={t('accountStores.today.noDecision')}
              />
            </SimpleGrid>
            {isQuietDay(figures) ? (
              <Text size="sm" data-quiet>
                {t('accountStores.today.quiet')}
              </Text>
            ) : (
              <div>
                <Text size="sm" fw={600} id={stagesId}>
                  {t('accountStores.today.openByStage')}
                </Text>
                <SimpleGrid
                  cols={{ base: 2, xs: 3 }}
                  spacing="xs"
                  verticalSpacing={4}
                  component="ul"
                  aria-labelledby={stagesId}
                  style={{ listStyle: 'none', padding: 0, margin: 0 }}
                >
                  {ORDER_STAGES.map((stage) => (
                    <li key={stage} data-stage={stage}>
                      <Text size="sm">
                        <Text span fw={700}>
                          {figures.openByStage[stage]}
                        </Text>{' '}
                        {t(`accountStores.today.stages.${stage}`)}
                      </Text>
                    </li>
                  ))}
                </SimpleGrid>
              </div>
            )}
          </>
        ) : state.loading ? (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('accountStores.today.loading')}</Text>
          </Group>
        ) : state.failed ? (
          <Group gap="sm">
            <Text size="sm" role="alert">
              {t('accountStores.today.failed')}
            </Text>
            <Button size="compact-sm" variant="default" onClick={state.onRetry}>
              {t('accountStores.today.retry')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
