import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Estimate } from '@servicebay/domain';
import { ApiError } from '@servicebay/web-core';
import { useOrderErrorText } from '../repair-orders/useFinishOrder.js';

/** Money of an estimate in the page's language. */
export function useMoney(estimate: Pick<Estimate, 'currency'> | undefined): (cents: number) => string {
  const { i18n } = useTranslation();
  const currency = estimate?.currency ?? 'USD';
  return useCallback(
    (cents: number) => formatMoney(cents, currency, i18n.language),
    [currency, i18n.language],
  );
}

/** An error of an estimate change for people: a refused value names its field; the rest as the order page says. */
export function useEstimateErrorText(): (error: unknown) => string {
  const { t } = useTranslation('estimates');
  const orderError = useOrderErrorText();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 400)
        return t('errors.invalid', { message: error.message });
      if (error instanceof ApiError && error.status === 404) return t('errors.notFound');
      if (error instanceof ApiError && error.code === 'ESTIMATE_CHANGED') return t('errors.changed');
      if (error instanceof ApiError && error.status === 409 && error.details?.lines) return t('errors.stale');
      return orderError(error);
    },
    [t, orderError],
  );
}

/** Mantine colours of a result's severity, as the inspection page shows them. */
export const SEVERITY_COLOR = {
  critical: 'red.9',
  warning: 'yellow.5',
  okay: 'teal.9',
  na: 'gray.7',
} as const;
