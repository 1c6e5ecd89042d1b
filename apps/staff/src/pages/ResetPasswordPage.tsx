import { useState, type FormEvent } from 'react';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isStrongPassword, passwordsMatch } from '@servicebay/domain';
import { AlertBanner, PasswordField, PasswordRules } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../context.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { FullPageLoader } from '../kit/FullPageLoader.js';
import { resetPassword, resetTokenQuery } from '../session/session-api.js';
import type { LoginArrival } from './LoginPage.js';

const RULES_ID = 'new-password-rules';
const MISMATCH_ID = 'new-password-mismatch';

/** A link that cannot work: wrong, used or expired (the server answers 400 or 404). */
const isDeadLink = (error: unknown) => isApiError(error) && (error.status === 400 || error.status === 404);

/**
 * /app/reset/password?token=: the page the reset e-mail links to. It greets the user, takes the
 * new password twice under the strength rule, then sends them to the login page.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['staff', 'app']);
  const { api } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  useDocumentTitle(`${t('staff:resetPassword.title')} · ${t('app:name')}`);

  const owner = useQuery({
    ...resetTokenQuery(api, token),
    enabled: token !== '',
    retry: false,
  });

  const save = useMutation({
    mutationFn: () => resetPassword(api, token, password),
    onSuccess: () => {
      const arrival: LoginArrival = { passwordChanged: true, username: owner.data?.username };
      void navigate('/login', { replace: true, state: arrival });
    },
  });

  const dead = token === '' || isDeadLink(owner.error) || isDeadLink(save.error);
  const strong = isStrongPassword(password);
  const matches = passwordsMatch(password, confirmation);
  const mismatch = confirmation !== '' && !matches;
  const ready = strong && matches && !save.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) save.mutate();
  };

  if (!dead && owner.isPending) return <FullPageLoader label={t('staff:resetPassword.checking')} />;

  return (
    <PublicLayout>
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg">
        {dead ? (
          <Stack gap="lg">
            <Title order={1} size="h2">
              {t('staff:resetPassword.invalidTitle')}
            </Title>
            <Text>{t('staff:resetPassword.invalid')}</Text>
            <Anchor component={Link} to="/login" fw={600}>
              {t('staff:resetPassword.backToLogin')}
            </Anchor>
          </Stack>
        ) : owner.isError ? (
          <Stack gap="lg">
            <Title order={1} size="h2">
              {t('staff:resetPassword.title')}
            </Title>
            <AlertBanner alert={{ type: 'warning', message: t('staff:login.unavailable') }} />
            <Button onClick={() => void owner.refetch()}>{t('staff:shell.retry')}</Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="lg">
              <div>
                <Title order={1} size="h2">
                  {t('staff:resetPassword.title')}
                </Title>
                <Text c="dimmed" mt={4}>
                  {t('staff:resetPassword.greeting', { firstName: owner.data?.firstName, username: owner.data?.username })}
                </Text>
              </div>
              {/* Lets the browser's password manager file the new password under the right user. */}
              <input type="text" name="username" autoComplete="username" value={owner.data?.username ?? ''} readOnly hidden />
              <PasswordField
                label={t('staff:resetPassword.password')}
                name="new-password"
                size="lg"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                aria-describedby={RULES_ID}
                data-autofocus
              />
              <PasswordRules password={password} id={RULES_ID} />
              <PasswordField
                label={t('staff:resetPassword.confirmation')}
                name="confirm-password"
                size="lg"
                autoComplete="new-password"
                value={confirmation}
                onChange={(event) => setConfirmation(event.currentTarget.value)}
                aria-invalid={mismatch}
                aria-describedby={mismatch ? MISMATCH_ID : undefined}
              />
              {/* Not Mantine's error slot: its red reads below 4.5:1 on white (WCAG AA). */}
              {mismatch && (
                <Text id={MISMATCH_ID} size="sm" c="red" mt={-8}>
                  {t('staff:resetPassword.mismatch')}
                </Text>
              )}
              {save.isError && !dead && <AlertBanner alert={{ type: 'warning', message: t('staff:login.unavailable') }} />}
              <Button type="submit" size="lg" fullWidth disabled={!ready} loading={save.isPending}>
                {t('staff:resetPassword.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </PublicLayout>
  );
}
