import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { userForCustomerRoute } from '@servicebay/domain';
import { PasswordField, PasswordRules, useAlerts, useDialogs } from '@servicebay/ui';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../context.js';
import type { PortalVariant } from '../variant.js';
import { customerHome, loginPath, portalAccess, storedCustomerEmail } from './portal-session.js';
import { canRegister, confirmationMismatch, registrationFailure, type RegisterFields } from './register.js';
import { SignInForm } from './SignInForm.js';
import { usePortalSignIn } from './usePortalSignIn.js';
import { useWelcome } from './welcome.js';

const RULES_ID = 'register-password-rules';

/**
 * The registration form at the portal's bare path (/my-car, /my-fleet): the customer
 * creates a password for the e-mail it gave the shop, and is signed in right after.
 */
export function RegisterPage({ variant }: { variant: PortalVariant }) {
  const { t } = useTranslation('portal');
  const { api, session } = useServices();
  const alerts = useAlerts();
  const dialogs = useDialogs();
  const signIn = usePortalSignIn(variant);
  const state = useStore(session.state);
  const [params] = useSearchParams();
  const presetUsername = params.get('username')?.trim() ?? '';
  const [fields, setFields] = useState<RegisterFields>({ email: presetUsername, password: '', confirmation: '' });
  const [showRules, setShowRules] = useState(false);
  // The e-mail given in the link, else the one typed once the field is left: it decides the welcome text.
  const [lookedUp, setLookedUp] = useState(presetUsername);
  const welcome = useWelcome(lookedUp);
  const brand = t(`brand.${variant}`);
  useDocumentTitle(`${t('register.title')} · ${brand}`);

  const register = useMutation({
    mutationFn: async (body: { username: string; password: string }) => {
      await api.call(userForCustomerRoute, { body, maxRetries: 0 });
      return body;
    },
    // After registration the customer is signed in with the same credentials.
    onSuccess: async (body) => {
      try {
        await signIn(body, null, 'myCarRegistration');
      } catch {
        alerts.show({ type: 'warning', strongMessage: t('register.createdTitle'), message: t('register.signInAfter') });
      }
    },
    onError: (error) => {
      switch (registrationFailure(error)) {
        case 'noCustomer':
          // The no-customer dialog, titled MyCar, without a cancel button.
          void dialogs.confirm({ title: t('brand.car'), message: t('errors.customer_not_found_at_registration'), hideCancel: true });
          break;
        case 'userExists':
          alerts.show({ type: 'danger', strongMessage: t('register.failedTitle'), message: t('errors.customer_user_already_exists') });
          break;
        case 'unavailable':
          alerts.show({ type: 'warning', strongMessage: t('register.failedTitle'), message: t('login.unavailable') });
          break;
      }
    },
  });

  // The entry pages first check whether the customer is already signed in.
  if (state && portalAccess(state.claims, storedCustomerEmail()) === 'ok' && state.claims.customerId && !register.isPending) {
    return <Navigate to={customerHome(variant, state.claims.customerId)} replace />;
  }

  const ready = canRegister(fields) && !register.isPending;
  const mismatch = confirmationMismatch(fields);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) register.mutate({ username: fields.email.trim(), password: fields.password });
  };
  const locked = presetUsername !== '';

  return (
    <SignInForm
      variant={variant}
      onSubmit={submit}
      welcome={welcome}
      lookedUp={lookedUp}
      defaultWelcome={t('register.welcome')}
      email={{
        value: fields.email,
        readOnly: locked,
        description: locked ? t('register.emailLocked') : t('register.emailHint'),
        onChange: (email) => setFields({ ...fields, email }),
        onBlur: () => setLookedUp(fields.email.trim()),
      }}
      submit={{ label: t('register.submit'), ready, pending: register.isPending }}
      switchTo={{
        prompt: t('register.haveAccount'),
        name: 'login',
        label: t('register.toLogin'),
        to: loginPath(variant, { username: locked ? presetUsername : undefined }),
      }}
    >
      <PasswordField
        label={t('login.password')}
        name="new-password"
        size="md"
        autoComplete="new-password"
        value={fields.password}
        onFocus={() => setShowRules(true)}
        onChange={(event) => setFields({ ...fields, password: event.currentTarget.value })}
        aria-describedby={showRules ? RULES_ID : undefined}
        required
        withAsterisk={false}
      />
      {showRules && <PasswordRules password={fields.password} id={RULES_ID} />}
      <PasswordField
        label={t('register.confirmation')}
        name="confirmation"
        size="md"
        autoComplete="new-password"
        value={fields.confirmation}
        onChange={(event) => setFields({ ...fields, confirmation: event.currentTarget.value })}
        error={mismatch ? t('register.mismatch') : undefined}
        required
        withAsterisk={false}
      />
    </SignInForm>
  );
}
