import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkPassword, PASSWORD_SPECIALS, type PasswordCheck } from '@servicebay/domain';
import { CheckCircleIcon, CircleIcon } from './icons.js';

const RULES: Array<keyof PasswordCheck> = ['length', 'upper', 'lower', 'digit', 'special'];

/**
 * The password strength rule (8 characters, an upper-case and a lower-case letter, a digit
 * and a special character) as a checklist that follows the typing, from the same
 * `checkPassword` the server applies. Give the password field `aria-describedby={id}`.
 */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('ui');
  const check = checkPassword(password);
  return (
    <div id={id}>
      <Text size="sm" fw={600} mb={4}>
        {t('password.rules.title')}
      </Text>
      <List spacing={2} size="sm" center>
        {RULES.map((rule) => (
          <List.Item
            key={rule}
            data-rule={rule}
            data-met={check[rule]}
            icon={
              <ThemeIcon color={check[rule] ? 'green.8' : 'gray.6'} variant="transparent" size={20}>
                {check[rule] ? <CheckCircleIcon size={18} /> : <CircleIcon size={18} />}
              </ThemeIcon>
            }
          >
            {t(`password.rules.${rule}`, { specials: PASSWORD_SPECIALS })}
            <VisuallyHidden>{check[rule] ? t('password.rules.met') : t('password.rules.unmet')}</VisuallyHidden>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
