import { Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage, oftenRequiredWorkRoute, type TodoItem } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { useServices } from '../context.js';
import { offeredWork, seasonHeadingKey } from './dashboard.js';

/**
 * The season's often-required work ('winter is coming' in autumn, 'summer is coming' in spring),
 * each item added to the to-do list with one tap; items already on the list say so.
 */
export function OftenRequiredWorkModal({
  opened,
  onClose,
  todos,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  todos: TodoItem[];
  onAdd: (item: { _id: string; text: string }) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('portal');
  const { api } = useServices();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const work = useQuery({
    queryKey: ['portal-often-required-work'],
    queryFn: ({ signal }) => api.call(oftenRequiredWorkRoute, { signal }),
    enabled: opened,
    staleTime: 60 * 60_000,
  });
  const onList = new Set(todos.map((todo) => todo.itemId).filter(Boolean));
  const items = work.data ? offeredWork(work.data.items, work.data.season) : [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Title order={2} size="h4">
          {t('oftenRequired.title')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('oftenRequired.close') }}
    >
      {work.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t('oftenRequired.loading')}</Text>
        </Group>
      ) : work.isError ? (
        <AlertBanner alert={{ type: 'warning', message: t('oftenRequired.failed') }} />
      ) : (
        <Stack gap="sm">
          <Text fw={700} size="lg" data-testid="season-heading">
            {t(seasonHeadingKey(work.data.season) as 'oftenRequired.winterComing')}
          </Text>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => {
              const text = item.text[language];
              return (
                <Group component="li" key={item._id} justify="space-between" wrap="nowrap" gap="xs" data-testid="often-item">
                  <Stack gap={0}>
                    <Text>{text}</Text>
                    {item.season === null && (
                      <Text size="xs" c="dimmed">
                        {t('oftenRequired.anyTime')}
                      </Text>
                    )}
                  </Stack>
                  {onList.has(item._id) ? (
                    <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                      {t('oftenRequired.onList')}
                    </Text>
                  ) : (
                    <Button size="xs" variant="light" style={{ flexShrink: 0 }} onClick={() => void onAdd({ _id: item._id, text })} aria-label={t('oftenRequired.addLabel', { text })}>
                      {t('oftenRequired.add')}
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
