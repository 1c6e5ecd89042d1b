import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { useServices } from '../context.js';
import { canRequestReset, loginFailure } from '../session/login.js';
import { sendPasswordResetEmail } from '../session/session-api.js';

export interface ForgotPasswordModalProps {
  opened: boolean;
  /** After a 403 the modal says the account is locked. */
  locked: boolean;
  initialUsername: string;
  onClose: () => void;
}

/** Forgot password: asks for the user name or e-mail and sends the reset link. */
export function ForgotPasswordModal({ opened, locked, initialUsername, onClose }: ForgotPasswordModalProps) {
  const { t, i18n } = useTranslation(['staff', 'ui']);
  const { api } = useServices();
  const [username, setUsername] = useState(initialUsername);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (name: string) =>
      sendPasswordResetEmail(api, name, isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined),
    onSuccess: (_answer, name) => setSentTo(name),
  });

  const close = () => {
    setSentTo(null);
    send.reset();
    onClose();
  };
  const ready = canRequestReset(username) && !send.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) send.mutate(username.trim());
  };
  const failure = send.isError ? loginFailure(send.error) : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={locked ? t('staff:forgotPassword.lockedTitle') : t('staff:forgotPassword.title')}
      centered
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      {sentTo !== null ? (
        <Stack gap="md">
          <AlertBanner alert={{ type: 'success', strongMessage: t('staff:forgotPassword.sentTitle'), message: t('staff:forgotPassword.sent', { username: sentTo }) }} />
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t('ui:dialog.ok')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {locked && (
              <AlertBanner alert={{ type: 'danger', message: t('staff:forgotPassword.locked', { username: initialUsername }) }} />
            )}
            <Text>{t('staff:forgotPassword.intro')}</Text>
            <TextInput
              label={t('staff:forgotPassword.username')}
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              size="md"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              data-autofocus
            />
            {failure && (
              <AlertBanner
                alert={{
                  type: 'warning',
                  message: failure === 'tooMany' ? t('staff:login.tooMany') : t('staff:login.unavailable'),
                }}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('ui:dialog.cancel')}
              </Button>
              <Button type="submit" disabled={!ready} loading={send.isPending}>
                {t('staff:forgotPassword.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
