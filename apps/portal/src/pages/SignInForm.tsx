import type { FormEvent, ReactNode } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queueEvent } from '../analytics.js';
import type { PortalVariant } from '../variant.js';
import { EntryLayout } from './EntryLayout.js';
import type { Welcome } from './welcome.js';

/**
 * The form of the portal's entry pages, login and registration: the welcome, the e-mail, the
 * page's own password fields, the submit button and the way to the other page, in the entry frame.
 */
export function SignInForm({
  variant,
  onSubmit,
  welcome,
  lookedUp,
  defaultWelcome,
  email,
  submit,
  switchTo,
  children,
}: {
  variant: PortalVariant;
  onSubmit: (event: FormEvent) => void;
  /** Who the e-mail belongs to, once looked up; `defaultWelcome` until then or when unknown. */
  welcome: Welcome;
  lookedUp: string;
  defaultWelcome: string;
  email: { value: string; onChange: (value: string) => void; onBlur: () => void; readOnly?: boolean; description?: string };
  submit: { label: string; ready: boolean; pending: boolean };
  /** The way to the other entry page; `name` is the page it leads to, for the analytics event. */
  switchTo: { prompt: string; label: string; to: string; name: 'login' | 'registration' };
  /** The password field(s). */
  children: ReactNode;
}) {
  const { t } = useTranslation('portal');
  return (
    <EntryLayout variant={variant}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text fw={500} data-testid="portal-welcome">
            {welcome.kind === 'known'
              ? t('welcome.known', { firstName: welcome.firstName })
              : welcome.kind === 'customer'
                ? t('welcome.customer', { email: lookedUp })
                : defaultWelcome}
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
            value={email.value}
            readOnly={email.readOnly}
            description={email.description}
            onChange={(event) => email.onChange(event.currentTarget.value)}
            onBlur={email.onBlur}
            required
            withAsterisk={false}
          />
          {children}
          <Button type="submit" size="md" fullWidth disabled={!submit.ready} loading={submit.pending}>
            {submit.label}
          </Button>
          <Text ta="center">
            {switchTo.prompt}{' '}
            <Anchor
              component={Link}
              to={switchTo.to}
              fw={600}
              // Signed out here: the event waits for the next sign-in (analytics.ts).
              onClick={() => queueEvent({ eventName: 'switchLoginRegistration', data: { to: switchTo.name } })}
            >
              {switchTo.label}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </EntryLayout>
  );
}
