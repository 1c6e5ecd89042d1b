import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readStoreSettings, type FinishBlockers, type RepairOrder, type Store } from '@servicebay/domain';
import { useAlerts, useDialogs } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { canBeFinished, finishRepairOrder, storeOrder } from './repair-order-api.js';
import { decideFinish, finishRefusal, orderErrorKey, pathAfterFinish, refusalBlockers, refusalError } from './finish-flow.js';

/**
 * Finishing an inspection, for the order page and the
 * sign-off page: ask the server whether it can be finished; a reason opens the finish-inspection
 * conditions modal (`refusal`) with the items that block it (`blockers`); sign-off first where required; the no-resend warning for PBS;
 * then finish and go on (work order page for clock-in stores from the order page, else the
 * dashboard).
 */
export function useFinishOrder({
  order,
  store,
  onSignOffPage,
  userId,
  submit,
}: {
  order: RepairOrder | undefined;
  store: Store | null;
  onSignOffPage: boolean;
  userId: string;
  /** What finishes the order once the rules allow it; `POST .../finish` unless given (the sign-off page's upload). */
  submit?: (order: RepairOrder) => Promise<RepairOrder>;
}) {
  const { t, i18n } = useTranslation(['repairOrders', 'inspections']);
  const { api } = useServices();
  const alerts = useAlerts();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [blockers, setBlockers] = useState<FinishBlockers | null>(null);
  const errorText = useOrderErrorText();
  const settings = readStoreSettings(store);

  const finish = useMutation({
    mutationFn: async (): Promise<RepairOrder | 'signOff' | 'cancelled'> => {
      if (!order) return 'cancelled';
      const params = { storeId: order.storeId, inspectionOrderId: order._id };
      const check = await canBeFinished(api, params);
      const step = await decideFinish(
        {
          cannotBeFinishedReason: check.cannotBeFinishedReason,
          settings,
          onSignOffPage,
          alreadyFinished: order.finished,
        },
        () => dialogs.confirm({ message: t('page.noResendWarning'), okLabel: t('page.finishAnyway') }),
      );
      if (step.kind === 'refused') throw refusalError(step.reason, check.blockers);
      if (step.kind === 'signOff' || step.kind === 'cancelled') return step.kind;
      return submit ? submit(order) : finishRepairOrder(api, params);
    },
    onMutate: () => {
      setRefusal(null);
      setBlockers(null);
    },
    onSuccess: (outcome) => {
      if (!order || outcome === 'cancelled') return;
      const context = { order, settings, onSignOffPage, language: i18n.language, userId };
      if (outcome === 'signOff') {
        void navigate(pathAfterFinish('signOff', context)!);
        return;
      }
      storeOrder(queryClient, outcome);
      void queryClient.invalidateQueries({
        queryKey: ['inspectionOrders', order.storeId],
        refetchType: 'none',
      });
      alerts.show({ type: 'success', message: t('page.finished') });
      void navigate(pathAfterFinish('finished', context)!);
    },
    onError: (error) => {
      // The server's reason, in the user's language when the catalog has it (measurements or items required).
      const refused = finishRefusal(error);
      if (refused) {
        setRefusal(refused.kind === 'reason' ? t(refused.key) : refused.text);
        setBlockers(refusalBlockers(error));
      }
      else alerts.show({ type: 'danger', message: errorText(error) });
    },
  });

  const clearRefusal = () => {
    setRefusal(null);
    setBlockers(null);
  };
  return { finish, refusal, blockers, clearRefusal };
}

/** The translated text of an order route's error: its code's own, else the offline or generic failure (`orderErrorKey`). */
export function useOrderErrorText(): (error: unknown) => string {
  const { t } = useTranslation('repairOrders');
  return useCallback((error: unknown) => t(orderErrorKey(error)), [t]);
}
