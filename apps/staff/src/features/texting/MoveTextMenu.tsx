import { ActionIcon, Loader, Menu, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
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
  const labelId = useId();
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
      <Menu
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        withinPortal
        withInitialFocusPlaceholder={false}
        shadow="md"
      >
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="sm"
            aria-label={t('move.actions')}
            loading={move.isPending}
            data-testid="message-actions"
            // While the menu is open, Escape with the focus here closes the menu only.
            data-mantine-stop-propagation={opened || undefined}
            onKeyDown={(event) => {
              // The focus stays here when no customer can be chosen: Escape still closes the menu.
              if (event.key === 'Escape' && opened) setOpened(false);
            }}
          >
            <MoreIcon size={16} />
          </ActionIcon>
        </Menu.Target>
        {/* data-mantine-stop-propagation: Escape here closes the menu, not the chat around it. */}
        <Menu.Dropdown data-testid="move-menu" data-mantine-stop-propagation>
          {/* A menu holds items or groups only: the label names the group of customers. */}
          <div role="group" aria-labelledby={labelId}>
            <Menu.Label id={labelId}>{t('move.title')}</Menu.Label>
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
                <Menu.Item
                  key={target.customerId}
                  onClick={() => move.mutate(target.customerId)}
                  data-mantine-stop-propagation
                >
                  {t('move.target', { name: conversationName(target), number: target.customerNumber ?? '' })}
                </Menu.Item>
              ))
            )}
          </div>
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
