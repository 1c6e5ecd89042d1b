import { useState, type FormEvent } from 'react';
import { Anchor, Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useStore } from '@servicebay/web-core';
import { PasswordField, useAlerts } from '@servicebay/ui';
import { useServices } from '../context.js';
import { lazyDialog } from '../lazy-dialog.js';
import type { PortalVariant } from '../variant.js';
import { canSubmitPortalLogin, portalLoginBody, portalLoginFailure, type PortalLoginFields } from './login.js';
import { customerHome, portalAccess, registerPath, storedCustomerEmail } from './portal-session.js';
import { usePortalSignIn } from './usePortalSignIn.js';
import { SignInForm } from './SignInForm.js';
import { useWelcome } from './welcome.js';

// Loaded when first opened: the page's first paint does not wait for the dialog.
const PasswordEmailModal = lazyDialog(() => import('../password/PasswordEmailModal.js').then((m) => m.PasswordEmailModal));

/** The MyCar / MyFleet login, laid out for a phone first. */
export function LoginPage({ variant }: { variant: PortalVariant }) {
  const { t } = useTranslation('portal');
  const services = useServices();
  const alerts = useAlerts();
  const [params] = useSearchParams();
  const presetUsername = params.get('username')?.trim() ?? '';
  const [fields, setFields] = useState<PortalLoginFields>({ email: presetUsername, password: '' });
  const signIn = usePortalSignIn(variant);
  const [forgot, setForgot] = useState(false);
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
  return (
    <SignInForm
      variant={variant}
      onSubmit={submit}
      welcome={welcome}
      lookedUp={lookedUp}
      defaultWelcome={t('login.welcome')}
      email={{
        value: fields.email,
        onChange: (email) => setFields({ ...fields, email }),
        onBlur: () => setLookedUp(fields.email.trim()),
      }}
      submit={{ label: t('login.submit'), ready, pending: login.isPending }}
      switchTo={{
        prompt: t('loginSwitch.firstVisit'),
        label: t('loginSwitch.toRegister'),
        to: registerPath(variant, presetUsername || undefined),
        name: 'registration',
      }}
    >
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
      <Group justify="flex-end" mt={-8}>
        <Anchor component="button" type="button" size="sm" onClick={() => setForgot(true)}>
          {t('login.forgot')}
        </Anchor>
      </Group>
      <PasswordEmailModal opened={forgot} onClose={() => setForgot(false)} initialEmail={fields.email.trim()} />
    </SignInForm>
  );
}
