import { useId, type CSSProperties } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@servicebay/domain';
import classes from './LanguageSelector.module.css';

export interface LanguageSelectorProps {
  value: Language;
  onChange: (language: Language) => void;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** en / fr as two radio buttons: both visible at once, one tap on a tablet, arrows on a keyboard. */
export function LanguageSelector({ value, onChange, size = 'sm' }: LanguageSelectorProps) {
  const { t } = useTranslation('ui');
  const labelId = useId();
  const name = useId();
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {t('language.label')}
      </Text>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        className={classes.group}
        style={{ '--selector-font-size': `var(--mantine-font-size-${size})` } as CSSProperties}
      >
        {LANGUAGES.map((language) => (
          <label key={language} className={classes.option} data-checked={value === language || undefined}>
            <input
              className={classes.input}
              type="radio"
              name={name}
              value={language}
              checked={value === language}
              onChange={() => onChange(language)}
            />
            {/* Each language is named in its own language, so a user who cannot read the current one finds theirs. */}
            <span lang={language}>{t(`language.${language}`)}</span>
          </label>
        ))}
      </div>
    </Stack>
  );
}
