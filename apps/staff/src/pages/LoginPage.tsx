import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { isLanguage } from '@servicebay/domain';
import { LanguageSelector, PasswordField, useAlerts } from '@servicebay/ui';
import { useServices } from '../context.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { useFinishSignIn, useInactiveStoreWarning } from '../session/useFinishSignIn.js';
import { canSubmitLogin, loginBody, loginFailure, type LoginFields } from '../session/login.js';
import { loginStrategyQuery, passwordLogin } from '../session/session-api.js';

/** The password reset dialog's code, fetched the first time it opens (not with the login page). */
const ForgotPasswordModal = lazy(() => import('./ForgotPasswordModal.js').then((m) => ({ default: m.ForgotPasswordModal })));

/** What another page hands the login page when it sends the user here. */
export interface LoginArrival {
  passwordChanged?: boolean;
  username?: string;
}

/** Tells, once, why the last session ended: expired, inactivity, another window, inactive store. */
function useSessionEndNotice(arrival: LoginArrival | null, ssoFailed: boolean) {
  const { session } = useServices();
  const alerts = useAlerts();
  const warnInactiveStore = useInactiveStoreWarning();
  const { t } = useTranslation('staff');
  useEffect(() => {
    if (ssoFailed) {
      alerts.show({ type: 'danger', strongMessage: t('login.ssoFailedTitle'), message: t('login.ssoFailed') });
    }
    if (arrival?.passwordChanged) {
      alerts.show({ type: 'success', strongMessage: t('login.passwordChangedTitle'), message: t('login.passwordChanged') });
    }
    const reason = session.takeEndReason();
    if (reason === 'inactiveStore') void warnInactiveStore();
    else if (reason === 'expired' || reason === 'inactivity' || reason === 'elsewhere') {
      alerts.show({ type: 'info', strongMessage: t('login.sessionEndedTitle'), message: t(`login.ended.${reason}`) });
    }
    // Once per arrival on the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export function LoginPage() {
  const { t, i18n } = useTranslation(['staff', 'app']);
  const services = useServices();
  const { session, api } = services;
  const alerts = useAlerts();
  const location = useLocation();
  const arrival = (location.state as LoginArrival | null) ?? null;
  const [fields, setFields] = useState<LoginFields>({ username: arrival?.username ?? '', password: '' });
  const [forgot, setForgot] = useState<{ opened: boolean; locked: boolean }>({ opened: false, locked: false });
  // Mounted from its first opening on, so it closes with its transition like any dialog.
  const [forgotUsed, setForgotUsed] = useState(false);
  if (forgot.opened && !forgotUsed) setForgotUsed(true);
  // Someone already signed in who opens the login page goes home instead.
  const [signedInOnArrival] = useState(() => session.state.get() !== null);
  const finishSignIn = useFinishSignIn();
  useDocumentTitle(`${t('staff:login.submit')} · ${t('app:name')}`);
  const [params] = useSearchParams();
  useSessionEndNotice(arrival, params.get('sso') === 'failed');

  // The strategy lookup tells own login from single sign-on, looked up as the name is
  // typed so that an account signing in elsewhere is never asked for a password here. Any
  // failure (unknown user, offline) leaves the password login as it is.
  const typed = fields.username.trim();
  const [lookedUp] = useDebouncedValue(typed, 400);
  const strategy = useQuery({
    ...loginStrategyQuery(api, lookedUp),
    enabled: lookedUp !== '' && !signedInOnArrival,
    staleTime: 60_000,
  });
  const ssoUrl = lookedUp === typed && strategy.data?.strategy === 'sso' ? strategy.data.loginUrl : undefined;

  const login = useMutation({
    mutationFn: (body: ReturnType<typeof loginBody>) => passwordLogin(api, body),
    onSuccess: async (pair) => {
      const state = session.signIn(pair);
      const done = await finishSignIn(state, () => session.logout());
      if (!done) setFields((current) => ({ ...current, password: '' }));
    },
    onError: (error, body) => {
      const failure = loginFailure(error);
      if (failure === 'locked') {
        // A 403 opens the forgot-password modal flagged account locked, with the user name.
        setForgot({ opened: true, locked: true });
      } else {
        alerts.show(
          failure === 'unavailable'
            ? { type: 'warning', strongMessage: t('staff:login.failedTitle'), message: t('staff:login.unavailable') }
            : failure === 'tooMany'
              ? { type: 'warning', strongMessage: t('staff:login.failedTitle'), message: t('staff:login.tooMany') }
              : { type: 'danger', strongMessage: t('staff:login.failedTitle'), message: t('staff:login.failed') },
        );
      }
      // Keep the user name, clear the password: the next attempt starts from a known-empty field.
      setFields({ username: body.username, password: '' });
    },
  });

  if (signedInOnArrival) return <Navigate to="/" replace />;

  const ready = (ssoUrl ? typed !== '' : canSubmitLogin(fields)) && !login.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    if (ssoUrl) window.location.assign(ssoUrl);
    else login.mutate(loginBody(fields));
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
            {ssoUrl ? (
              <Text role="status">{t('staff:login.ssoIntro')}</Text>
            ) : (
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
            )}
            <Button type="submit" size="lg" fullWidth disabled={!ready} loading={login.isPending} loaderProps={{ 'aria-label': t('staff:login.signingIn') }}>
              {ssoUrl ? t('staff:login.ssoSubmit') : t('staff:login.submit')}
            </Button>
            <Group justify="center">
              <Anchor component="button" type="button" fw={600} onClick={() => setForgot({ opened: true, locked: false })}>
                {t('staff:login.forgot')}
              </Anchor>
            </Group>
            <LanguageSelector
              value={language}
              onChange={(next) => void services.i18n.chooseLoginLanguage(next)}
              size="md"
            />
          </Stack>
        </form>
      </Paper>
      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordModal
            // A fresh form each time it opens, starting from the user name typed on the page.
            key={forgot.opened ? 'open' : 'closed'}
            opened={forgot.opened}
            locked={forgot.locked}
            initialUsername={fields.username.trim()}
            onClose={() => setForgot({ opened: false, locked: false })}
          />
        </Suspense>
      )}
    </PublicLayout>
  );
}
