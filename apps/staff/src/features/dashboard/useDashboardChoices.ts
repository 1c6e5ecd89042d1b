import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DashboardChoices, DashboardVariant, Store, User } from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { userQueryKey } from '../../session/signed-in.js';
import { saveDashboardChoices } from './orders-api.js';
import { startingDashboardChoices } from './technician-view.js';

/**
 * The user's dashboard choices (filter, sort, waiting first, my vehicles): restored from the
 * user record on load (unknown values ignored; a technician who saved nothing starts with My
 * vehicles on, unless the store puts technicians on the advisor dashboard), saved through
 * POST /v2/api/store/{storeId}/user/{userId}/filter on every change. The screen follows the
 * choice at once; a failed save says so and keeps the choice for this visit.
 */
export function useDashboardChoices(
  user: User,
  store: Pick<Store, 'technicianUseSADashboard'> | null,
  storeId: string,
  variant: DashboardVariant,
) {
  const { api } = useServices();
  const { t } = useTranslation('dashboard');
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<DashboardChoices>(() =>
    startingDashboardChoices(user, store, variant),
  );

  const save = useMutation({
    mutationFn: (next: DashboardChoices) => saveDashboardChoices(api, storeId, user._id, next),
    // The user record now holds the choices: a later visit in this tab starts from them.
    onSuccess: (saved) => queryClient.setQueryData(userQueryKey(user._id), saved),
    onError: () => alerts.show({ type: 'warning', message: t('saveFailed') }),
  });

  const change = (patch: Partial<DashboardChoices>) => {
    const next = { ...choices, ...patch };
    setChoices(next);
    save.mutate(next);
  };

  return { choices, change };
}
