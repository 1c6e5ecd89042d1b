import { useState, type FormEvent } from 'react';
import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@servicebay/domain';
import { LanguageSelector, PasswordField, useAlerts } from '@servicebay/ui';
import { useServices } from '../context.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { canSubmitLogin, LOGIN_PATH, loginBody, loginFailure, userLanguageAfterLogin, type LoginFields } from './login.js';

export function LoginPage() {
  const { t, i18n } = useTranslation(['staff', 'app']);
  const services = useServices();
  const alerts = useAlerts();
  const [fields, setFields] = useState<LoginFields>({ username: '', password: '' });
  useDocumentTitle(`${t('staff:login.submit')} · ${t('app:name')}`);

  const login = useMutation({
    mutationFn: (body: ReturnType<typeof loginBody>) =>
      // Never replayed on its own: a retried wrong password would count twice towards the lockout.
      services.api.request({ method: 'POST', path: LOGIN_PATH, body, maxRetries: 0 }),
    onSuccess: async (answer, body) => {
      // Storing the session, the user's home page and the chat connection arrive with the identity work.
      await services.i18n.setUserLanguage(await userLanguageAfterLogin(services.api, answer, body.username));
      alerts.show({
        type: 'success',
        strongMessage: t('staff:login.signedInTitle'),
        message: t('staff:login.signedIn', { username: body.username }),
      });
    },
    onError: (error, body) => {
      const failure = loginFailure(error);
      alerts.show(
        failure === 'locked'
          ? { type: 'danger', strongMessage: t('staff:login.lockedTitle'), message: t('staff:login.locked', { username: body.username }) }
          : failure === 'unavailable'
            ? { type: 'warning', strongMessage: t('staff:login.failedTitle'), message: t('staff:login.unavailable') }
            : { type: 'danger', strongMessage: t('staff:login.failedTitle'), message: t('staff:login.failed') },
      );
      // Keep the user name, clear the password: the next attempt starts from a known-empty field.
      setFields((current) => ({ ...current, password: '' }));
    },
  });

  const ready = canSubmitLogin(fields) && !login.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) login.mutate(loginBody(fields));
  };
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  return (
    <PublicLayout>
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <div>
              <Title order={1} size="h2">
                {t('staff:login.title')}
              </Title>
              <Text c="dimmed" mt={4}>
                {t('staff:login.subtitle')}
              </Text>
            </div>
            <TextInput
              label={t('staff:login.username')}
              name="username"
              size="lg"
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              value={fields.username}
              onChange={(event) => setFields({ ...fields, username: event.currentTarget.value })}
              required
              withAsterisk={false}
              data-autofocus
            />
            <PasswordField
              label={t('staff:login.password')}
              name="password"
              size="lg"
              autoComplete="current-password"
              value={fields.password}
              onChange={(event) => setFields({ ...fields, password: event.currentTarget.value })}
              required
              withAsterisk={false}
            />
            <Button type="submit" size="lg" fullWidth disabled={!ready} loading={login.isPending} loaderProps={{ 'aria-label': t('staff:login.signingIn') }}>
              {t('staff:login.submit')}
            </Button>
            <LanguageSelector
              value={language}
              onChange={(next) => void services.i18n.chooseLoginLanguage(next)}
              size="md"
            />
          </Stack>
        </form>
      </Paper>
    </PublicLayout>
  );
}
