import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { useServices } from '../context.js';
import { saveUserLanguage } from './language-api.js';
import { userQueryKey } from './signed-in.js';

/**
 * The user menu's language switch: the display switches at once, then the language is saved as
 * the user's, so the next sign-in starts in it. When it cannot be saved, this session keeps it
 * and a warning says so.
 */
export function useSwitchUserLanguage() {
  const { api, i18n } = useServices();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const { t } = useTranslation('staff');
  return useCallback(
    async (userId: string, language: Language) => {
      await i18n.setUserLanguage(language);
      try {
        queryClient.setQueryData(userQueryKey(userId), await saveUserLanguage(api, userId, language));
      } catch {
        alerts.show({ type: 'warning', message: t('shell.languageNotSaved') });
      }
    },
    [api, i18n, queryClient, alerts, t],
  );
}
