import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminDestination } from '@servicebay/domain';
import { PasswordField, useAlerts } from '@servicebay/ui';
import { useServices } from '../context.js';
import { useSignedIn } from '../session/signed-in.js';
import { useGoTo } from '../session/useFinishSignIn.js';
import { loginFailure } from '../session/login.js';
import { adminPinLogin, confirmPassword, isAdminPin } from '../session/session-api.js';

/**
 * Go to admin: legacy users confirm with the store's admin PIN, everyone else with their
 * own password again. A refusal closes the modal with 'Could not login with that user name and
 * password'; a badly formed password (blank) or PIN (not 4 to 8 digits) shows the same message on
 * the field and is not sent; success opens the admin pages of the role.
 */
export function GoToAdminModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['staff', 'ui']);
  const { api } = useServices();
  const { user } = useSignedIn();
  const alerts = useAlerts();
  const goTo = useGoTo();
  const [secret, setSecret] = useState('');
  // A badly formed password or PIN is refused here, with the login failure message, and not sent.
  const [malformed, setMalformed] = useState(false);
  // A legacy user without a store has no PIN to give: the password is the way in.
  const withPin = user.isLegacy && user.storeId !== null;

  const close = () => {
    setSecret('');
    setMalformed(false);
    onClose();
  };

  const confirm = useMutation({
    mutationFn: async (value: string) => {
      if (withPin) {
        await adminPinLogin(api, value, user.storeId!);
        return;
      }
      // Logging in again proves the password; the extra sign-in it opens is closed at once.
      await confirmPassword(api, user.username, value);
    },
    onSuccess: () => {
      const destination = adminDestination(user);
      close();
      if (destination) goTo(destination);
    },
    onError: (error) => {
      close();
      const failure = loginFailure(error);
      alerts.show(
        failure === 'locked'
          ? { type: 'danger', strongMessage: t('staff:login.lockedTitle'), message: t('staff:login.locked', { username: user.username }) }
          : failure === 'unavailable'
            ? { type: 'warning', strongMessage: t('staff:goToAdmin.title'), message: t('staff:login.unavailable') }
            : { type: 'danger', strongMessage: t('staff:goToAdmin.title'), message: t('staff:goToAdmin.failed') },
      );
    },
  });

  // A blank password (or a PIN that is not 4 to 8 digits) is never sent.
  const wellFormed = withPin ? isAdminPin(secret, user.storeId) : secret.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!wellFormed) setMalformed(true);
    else if (!confirm.isPending) confirm.mutate(withPin ? secret.trim() : secret);
  };

  return (
    <Modal opened={opened} onClose={close} title={t('staff:goToAdmin.title')} centered closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{withPin ? t('staff:goToAdmin.pinIntro') : t('staff:goToAdmin.passwordIntro')}</Text>
          <PasswordField
            label={withPin ? t('staff:goToAdmin.pin') : t('staff:goToAdmin.password')}
            description={withPin ? t('staff:workers.pinHint') : undefined}
            autoComplete={withPin ? 'off' : 'current-password'}
            inputMode={withPin ? 'numeric' : undefined}
            value={secret}
            onChange={(event) => {
              setSecret(event.currentTarget.value);
              setMalformed(false);
            }}
            error={malformed ? t('staff:goToAdmin.failed') : undefined}
            data-autofocus
            size="md"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('ui:dialog.cancel')}
            </Button>
            <Button type="submit" disabled={secret === ''} loading={confirm.isPending}>
              {t('staff:goToAdmin.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
