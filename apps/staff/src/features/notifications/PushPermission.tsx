import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../context.js';
import { pushPermission, showThanks, subscribeDevice, type PushPermission as Permission } from './push.js';

/**
 * The control that asks for the browser's permission to notify, at the top of the notifications
 * list. Granted: the 'thanks' notification shows and this device is subscribed. Refused or left
 * unanswered: ignored (nothing is subscribed; a blocked site says where to allow it).
 */
export function PushPermission({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications');
  const { api } = useServices();
  const [permission, setPermission] = useState<Permission>(pushPermission);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  if (permission === 'unsupported') return <Text size="sm" c="dimmed">{t('push.unsupported')}</Text>;
  if (permission === 'denied') return <Text size="sm" c="dimmed" data-testid="push-permission">{t('push.denied')}</Text>;

  const turnOn = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
      await showThanks(t('push.thanksTitle'), t('push.thanks'));
      await subscribeDevice(api, userId);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="sm" justify="space-between" wrap="wrap" data-testid="push-permission">
      {permission === 'granted' && !busy && !failed ? (
        <Text size="sm" role="status">{t('push.on')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" maw={420}>{t('push.explain')}</Text>
          <Button size="sm" variant="light" loading={busy} onClick={() => void turnOn()}>
            {t('push.enable')}
          </Button>
        </>
      )}
      {failed && (
        <Alert color="red" role="alert" w="100%">
          {t('push.failed')}
        </Alert>
      )}
    </Group>
  );
}
