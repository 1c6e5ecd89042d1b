import { useState } from 'react';
import { Box, Portal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@servicebay/ui';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../context.js';

/**
 * The offline warning of a display language whose file could not be fetched: the app goes on in
 * that language with the texts built into it. Shown while the language on screen is one of them,
 * until dismissed; it goes by itself once a later fetch succeeds.
 */
export function LanguageFileWarning() {
  const { i18n } = useServices();
  const { t, i18n: instance } = useTranslation('ui');
  const unavailable = useStore(i18n.unavailable);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const current = instance.resolvedLanguage ?? instance.language;
  if (!unavailable.some((language) => language === current) || dismissed === current) return null;
  return (
    <Portal>
      <Box
        pos="fixed"
        bottom="var(--mantine-spacing-md)"
        left="50%"
        w="min(560px, calc(100vw - 2 * var(--mantine-spacing-md)))"
        style={{ transform: 'translateX(-50%)', zIndex: 1000, boxShadow: 'var(--mantine-shadow-md)' }}
        data-testid="language-file-warning"
      >
        <AlertBanner
          alert={{ type: 'warning', strongMessage: t('language.unavailableTitle'), message: t('language.unavailable') }}
          onClose={() => setDismissed(current)}
        />
      </Box>
    </Portal>
  );
}
