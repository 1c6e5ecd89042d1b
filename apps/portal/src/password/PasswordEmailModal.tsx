import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage, passwordResetEmailRoute } from '@servicebay/domain';
import { AlertBanner, useAlerts } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../context.js';

/**
 * 'Change your password' (dashboard) and 'Forgot your password?' (login): the confirmation modal
 * of the reset e-mail. OK shows its loading state while the e-mail is being requested and the
 * modal closes once it is sent. On the dashboard the address is the signed-in customer's; on the
 * login page the customer types it (OK disabled while empty).
 */
export function PasswordEmailModal({
  opened,
  onClose,
  username,
  initialEmail = '',
}: {
  opened: boolean;
  onClose: () => void;
  /** The signed-in customer's e-mail: the modal only confirms. Without it, the modal asks for it. */
  username?: string;
  initialEmail?: string;
}) {
  const { t, i18n } = useTranslation(['portal', 'ui']);
  const { api } = useServices();
  const alerts = useAlerts();
  const [typed, setTyped] = useState(initialEmail);
  useEffect(() => {
    if (opened) setTyped(initialEmail);
  }, [opened, initialEmail]);
  const email = (username ?? typed).trim();

  const send = useMutation({
    mutationFn: () =>
      api.call(passwordResetEmailRoute, {
        body: { username: email, ...(isLanguage(i18n.resolvedLanguage) ? { language: i18n.resolvedLanguage } : {}) },
        maxRetries: 0,
      }),
    onSuccess: () => {
      alerts.show({ type: 'success', strongMessage: t('password.sentTitle'), message: t('password.sent', { email }) });
      close();
    },
  });
  const close = () => {
    send.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React carries a submit through the portal to the login form around the link: not further.
    event.stopPropagation();
    if (email !== '' && !send.isPending) send.mutate();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={username ? t('password.changeTitle') : t('password.forgotTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {username ? (
            <Text>{t('password.confirm', { email: username })}</Text>
          ) : (
            <>
              <Text>{t('password.forgotIntro')}</Text>
              <TextInput
                label={t('login.email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                data-autofocus
              />
            </>
          )}
          {send.isError && (
            <AlertBanner
              alert={{ type: 'warning', message: isApiError(send.error) && send.error.status === 429 ? t('password.tooMany') : t('login.unavailable') }}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('ui:dialog.cancel')}
            </Button>
            <Button type="submit" disabled={email === ''} loading={send.isPending} data-autofocus={username ? true : undefined}>
              {t('ui:dialog.ok')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
