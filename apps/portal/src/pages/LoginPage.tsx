import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@servicebay/domain';
import { LanguageSelector, PasswordField, Logo, OfflineIcon, useAlerts } from '@servicebay/ui';
import { useServices } from '../context.js';
import type { PortalVariant } from '../variant.js';
import { canSubmitPortalLogin, PORTAL_LOGIN_PATH, portalLoginBody, portalLoginFailure, type PortalLoginFields } from './login.js';
import { Slideshow } from './Slideshow.js';
import classes from './LoginPage.module.css';

/** The MyCar / MyFleet login (spec §2 "Customer portal screens"), laid out for a phone first. */
export function LoginPage({ variant }: { variant: PortalVariant }) {
  const { t, i18n } = useTranslation('portal');
  const services = useServices();
  const alerts = useAlerts();
  const [fields, setFields] = useState<PortalLoginFields>({ email: '', password: '' });
  const brand = t(`brand.${variant}`);
  useDocumentTitle(`${t('login.title')} · ${brand}`);

  const login = useMutation({
    mutationFn: (body: ReturnType<typeof portalLoginBody>) =>
      services.api.request({ method: 'POST', path: PORTAL_LOGIN_PATH, body, maxRetries: 0 }),
    // The portal session and the dashboard (my-car/user/{customerId}) arrive with the portal issue.
    onSuccess: (_answer, body) =>
      alerts.show({ type: 'success', strongMessage: t('login.signedInTitle'), message: t('login.signedIn', { email: body.username }) }),
    onError: (error) => {
      alerts.show(
        portalLoginFailure(error) === 'unavailable'
          ? { type: 'warning', strongMessage: t('login.failedTitle'), message: t('login.unavailable') }
          : { type: 'danger', strongMessage: t('login.failedTitle'), message: t('login.failed') },
      );
      setFields((current) => ({ ...current, password: '' }));
    },
  });

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
                <Text fw={500}>{t('login.welcome')}</Text>
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
              </Stack>
            </form>
          </Paper>
          <LanguageSelector value={language} onChange={(next) => void services.i18n.chooseLoginLanguage(next)} />
        </Stack>
      </main>
    </div>
  );
}
