import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type SmsErrorCode = 'SMS_NOT_PERMITTED' | 'SMS_NOT_SENT';

/** The SMS error dialog, opened when the text of a report could not go. */
export function SmsErrorDialog({ code, onClose }: { code: SmsErrorCode | null; onClose: () => void }) {
  const { t } = useTranslation(['reportSending', 'ui']);
  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      title={t('smsError.title')}
      centered
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
      data-testid="sms-error-dialog"
    >
      <Stack>
        <Text role="alert">{code ? t(`smsError.${code}`) : null}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('smsError.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
