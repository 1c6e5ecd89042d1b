import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  readDashboardView,
  type DashboardChoices,
  type DashboardVariant,
  type DashboardView,
  type Store,
  type User,
} from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { userQueryKey } from '../../session/signed-in.js';
import { saveDashboardChoices } from './orders-api.js';
import { startingDashboardChoices } from './technician-view.js';

/**
 * The user's dashboard choices (filter, sort, waiting first, my vehicles, and on the advisor
 * dashboard the view: list or job board): restored from the
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

  const [view, setView] = useState<DashboardView>(() => readDashboardView(user.dashboardView, variant));

  const save = useMutation({
    mutationFn: (next: { choices: DashboardChoices; view: DashboardView }) =>
      saveDashboardChoices(
        api,
        storeId,
        user._id,
        next.choices,
        variant === 'advisor' ? next.view : undefined,
      ),
    // The user record now holds the choices: a later visit in this tab starts from them.
    onSuccess: (saved) => queryClient.setQueryData(userQueryKey(user._id), saved),
    onError: () => alerts.show({ type: 'warning', message: t('saveFailed') }),
  });

  const change = (patch: Partial<DashboardChoices>) => {
    const next = { ...choices, ...patch };
    setChoices(next);
    save.mutate({ choices: next, view });
  };

  const changeView = (next: DashboardView) => {
    setView(next);
    save.mutate({ choices, view: next });
  };

  return { choices, change, view, changeView };
}
