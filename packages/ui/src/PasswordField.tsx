import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's password input with its show/hide button named in the user's language. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('ui');
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }} {...props} />;
}
