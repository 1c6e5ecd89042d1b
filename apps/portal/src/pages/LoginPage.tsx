import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useStore } from '@servicebay/web-core';
import { isLanguage } from '@servicebay/domain';
import { LanguageSelector, PasswordField, Logo, OfflineIcon, useAlerts } from '@servicebay/ui';
import { useServices } from '../context.js';
import type { PortalVariant } from '../variant.js';
import { canSubmitPortalLogin, portalLoginBody, portalLoginFailure, type PortalLoginFields } from './login.js';
import { customerHome, portalAccess, registerPath, storedCustomerEmail } from './portal-session.js';
import { usePortalSignIn } from './usePortalSignIn.js';
import { useWelcome } from './welcome.js';
import { Slideshow } from './Slideshow.js';
import classes from './LoginPage.module.css';

/** The MyCar / MyFleet login, laid out for a phone first. */
export function LoginPage({ variant }: { variant: PortalVariant }) {
  const { t, i18n } = useTranslation('portal');
  const services = useServices();
  const alerts = useAlerts();
  const [params] = useSearchParams();
  const presetUsername = params.get('username')?.trim() ?? '';
  const [fields, setFields] = useState<PortalLoginFields>({ email: presetUsername, password: '' });
  const signIn = usePortalSignIn(variant);
  // The e-mail given in the link, else the one typed once the field is left: it decides the welcome text.
  const [lookedUp, setLookedUp] = useState(presetUsername);
  const welcome = useWelcome(lookedUp);
  const state = useStore(services.session.state);
  const brand = t(`brand.${variant}`);
  useDocumentTitle(`${t('login.title')} · ${brand}`);

  const login = useMutation({
    // Signs in, keeps the session and goes to my-car/user/{customerId} or the remembered page.
    mutationFn: (body: ReturnType<typeof portalLoginBody>) => signIn(body, params.get('redirect')),
    onError: (error) => {
      alerts.show(
        portalLoginFailure(error) === 'unavailable'
          ? { type: 'warning', strongMessage: t('login.failedTitle'), message: t('login.unavailable') }
          : { type: 'danger', strongMessage: t('login.failedTitle'), message: t('login.failed') },
      );
      setFields((current) => ({ ...current, password: '' }));
    },
  });

  // The entry pages first check whether the customer is already signed in.
  if (state && state.claims.customerId && portalAccess(state.claims, storedCustomerEmail()) === 'ok' && !login.isPending) {
    return <Navigate to={customerHome(variant, state.claims.customerId)} replace />;
  }

  const ready = canSubmitPortalLogin(fields) && !login.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) login.mutate(portalLoginBody(fields));
  };
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  return (
    <div className={classes.page}>
      <Slideshow />
      <main className={classes.column}>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo label={brand} />
            <OfflineIcon />
          </Group>
          <Stack gap="xs">
            <Text fw={600} c="bay.8">
              {t(`slogan.${variant}`)}
            </Text>
            <Title order={1} size="h2" className={classes.banner} data-testid="portal-banner">
              {t(`banner.${variant}`)}
            </Title>
            {variant === 'car' && <Text c="dimmed">{t('tagline.car')}</Text>}
          </Stack>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'lg' }}>
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <Text fw={500} data-testid="portal-welcome">
                  {welcome.kind === 'known'
                    ? t('welcome.known', { firstName: welcome.firstName })
                    : welcome.kind === 'customer'
                      ? t('welcome.customer', { email: lookedUp })
                      : t('login.welcome')}
                </Text>
                <TextInput
                  label={t('login.email')}
                  type="email"
                  name="email"
                  size="md"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  value={fields.email}
                  onChange={(event) => setFields({ ...fields, email: event.currentTarget.value })}
                  onBlur={() => setLookedUp(fields.email.trim())}
                  required
                  withAsterisk={false}
                />
                <PasswordField
                  label={t('login.password')}
                  name="password"
                  size="md"
                  autoComplete="current-password"
                  value={fields.password}
                  onChange={(event) => setFields({ ...fields, password: event.currentTarget.value })}
                  required
                  withAsterisk={false}
                />
                <Button type="submit" size="md" fullWidth disabled={!ready} loading={login.isPending}>
                  {t('login.submit')}
                </Button>
                <Text ta="center">
                  {t('loginSwitch.firstVisit')}{' '}
                  <Anchor component={Link} to={registerPath(variant, presetUsername || undefined)} fw={600}>
                    {t('loginSwitch.toRegister')}
                  </Anchor>
                </Text>
              </Stack>
            </form>
          </Paper>
          <LanguageSelector value={language} onChange={(next) => void services.i18n.chooseLoginLanguage(next)} />
        </Stack>
      </main>
    </div>
  );
}
