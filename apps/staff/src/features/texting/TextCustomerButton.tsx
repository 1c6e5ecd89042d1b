import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../context.js';
import { useChat } from './ChatProvider.js';
import { fetchOrderConversation } from './texting-api.js';
import { ChatIcon } from './texting-icons.js';

/**
 * "Text the customer" on an order's page: opens the chat on the order's customer (its
 * conversation, or a new one before the first text). If the conversation cannot be read, the
 * chat opens on its lists, where the customer can be searched.
 */
export function TextCustomerButton({
  storeId,
  inspectionOrderId,
}: {
  storeId: string;
  inspectionOrderId: string;
}) {
  const { t } = useTranslation('texting');
  const { api } = useServices();
  const chat = useChat();
  const [loading, setLoading] = useState(false);
  if (!chat) return null;
  const open = async () => {
    setLoading(true);
    try {
      chat.open(await fetchOrderConversation(api, storeId, inspectionOrderId));
    } catch (error) {
      console.warn('Texting: the order’s conversation could not be read', error);
      chat.open();
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      size="compact-md"
      variant="light"
      leftSection={<ChatIcon size={16} />}
      loading={loading}
      onClick={() => void open()}
      data-testid="text-customer"
    >
      {t('chat.textCustomer')}
    </Button>
  );
}
