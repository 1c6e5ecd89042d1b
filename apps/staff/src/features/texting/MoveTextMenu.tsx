import { ActionIcon, Loader, Menu, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextMessage } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { conversationName } from './chat-rules.js';
import { applyMoved, moveTargetsQuery, moveText } from './texting-api.js';
import { MoreIcon } from './texting-icons.js';

/**
 * A customer's text that came to the wrong customer (several share its number: it went to the
 * most recent conversation): its menu moves it to another customer of the store with the same
 * number, listed when the menu opens.
 */
export function MoveTextMenu({ storeId, message }: { storeId: string; message: TextMessage }) {
  const { t } = useTranslation('texting');
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const targets = useQuery({
    ...moveTargetsQuery(api, storeId, message.customerId, message._id),
    enabled: opened,
    staleTime: 0,
  });
  const move = useMutation({
    mutationFn: (toCustomerId: string) => moveText(api, message.customerId, message._id, toCustomerId),
    onSuccess: (moved) => applyMoved(queryClient, storeId, message.customerId, moved),
  });
  return (
    <>
      <Menu opened={opened} onChange={setOpened} position="bottom-start" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="sm"
            aria-label={t('move.actions')}
            loading={move.isPending}
            data-testid="message-actions"
          >
            <MoreIcon size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown data-testid="move-menu">
          <Menu.Label>{t('move.title')}</Menu.Label>
          {targets.isPending ? (
            <Menu.Item disabled leftSection={<Loader size="xs" aria-hidden="true" />}>
              {t('move.loading')}
            </Menu.Item>
          ) : targets.isError ? (
            <Menu.Item disabled>{t('move.loadFailed')}</Menu.Item>
          ) : targets.data.items.length === 0 ? (
            <Menu.Item disabled>{t('move.none')}</Menu.Item>
          ) : (
            targets.data.items.map((target) => (
              <Menu.Item key={target.customerId} onClick={() => move.mutate(target.customerId)}>
                {t('move.target', { name: conversationName(target), number: target.customerNumber ?? '' })}
              </Menu.Item>
            ))
          )}
        </Menu.Dropdown>
      </Menu>
      {move.isError && (
        <Text size="xs" c="red.9" role="alert">
          {t('move.failed')}
        </Text>
      )}
    </>
  );
}
