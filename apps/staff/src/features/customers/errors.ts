import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { en } from '@servicebay/locales/en';
import { isApiError } from '@servicebay/web-core';
import { useAlerts } from '@servicebay/ui';

type KnownCode = keyof typeof en.customers.errors;

const isKnownCode = (code: string): code is KnownCode => Object.hasOwn(en.customers.errors, code);

/** The code of a failure: the API's, or 'generic' for anything else (a bug, a thrown string). */
export function errorCode(error: unknown): string {
  return isApiError(error) ? error.code : 'generic';
}

/**
 * A user error shows a danger alert with the translated text of its code, or the code
 * itself when the catalog has none.
 */
export function useErrorAlert(): (codeOrError: unknown) => void {
  const { t } = useTranslation('customers');
  const alerts = useAlerts();
  return useCallback(
    (codeOrError: unknown) => {
      const code = typeof codeOrError === 'string' ? codeOrError : errorCode(codeOrError);
      alerts.show({ type: 'danger', strongMessage: t('errors.title'), message: isKnownCode(code) ? t(`errors.${code}`) : code });
    },
    [alerts, t],
  );
}
