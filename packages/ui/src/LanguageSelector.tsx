import { useId } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@servicebay/domain';

export interface LanguageSelectorProps {
  value: Language;
  onChange: (language: Language) => void;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** en / fr as two radio buttons: both visible at once, one tap on a tablet, arrows on a keyboard. */
export function LanguageSelector({ value, onChange, size = 'sm' }: LanguageSelectorProps) {
  const { t } = useTranslation('ui');
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {t('language.label')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        size={size}
        value={value}
        onChange={(next) => onChange(next as Language)}
        // Each language is named in its own language, so a user who cannot read the current one finds theirs.
        data={LANGUAGES.map((language) => ({
          value: language,
          label: <span lang={language}>{t(`language.${language}`)}</span>,
        }))}
      />
    </Stack>
  );
}
