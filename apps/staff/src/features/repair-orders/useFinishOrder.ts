import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  afterFinishDestination,
  canBeFinishedRoute,
  FINISH_REASONS,
  finishRepairOrderRoute,
  isSignOffRequired,
  planFinish,
  readStoreSettings,
  STAFF_PATHS,
  type RepairOrder,
  type Store,
} from '@servicebay/domain';
import { en } from '@servicebay/locales';
import { ApiError } from '@servicebay/web-core';
import { useAlerts, useDialogs } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { routerPath } from '../../paths.js';
import { orderPaths } from '../../paths.js';
import { storeOrder } from './repair-order-api.js';

/**
 * Finishing an inspection (spec §4 "Finishing", §2 redirect rules), for the order page and the
 * sign-off page: ask the server whether it can be finished; a reason opens the finish-inspection
 * conditions modal (`refusal`); sign-off first where required; the no-resend warning for PBS;
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
  const errorText = useOrderErrorText();
  const settings = readStoreSettings(store);

  const finish = useMutation({
    mutationFn: async (): Promise<RepairOrder | 'signOff' | 'cancelled'> => {
      if (!order) return 'cancelled';
      const params = { storeId: order.storeId, inspectionOrderId: order._id };
      const check = await api.call(canBeFinishedRoute, { params });
      const input = {
        cannotBeFinishedReason: check.cannotBeFinishedReason,
        signOffRequired: isSignOffRequired(settings),
        onSignOffPage,
        alreadyFinished: order.finished,
        integration: settings.integration,
      };
      let plan = planFinish(input);
      if (plan.kind === 'confirmNoResend') {
        const goOn = await dialogs.confirm({
          message: t('page.noResendWarning'),
          okLabel: t('page.finishAnyway'),
        });
        if (!goOn) return 'cancelled';
        plan = planFinish({ ...input, noResendConfirmed: true });
      }
      if (plan.kind === 'refused') throw new ApiError(409, 'ORDER_CANNOT_BE_FINISHED', plan.reason);
      if (plan.kind === 'signOff') return 'signOff';
      return submit ? submit(order) : api.call(finishRepairOrderRoute, { params });
    },
    onMutate: () => setRefusal(null),
    onSuccess: (outcome) => {
      if (!order || outcome === 'cancelled') return;
      if (outcome === 'signOff') {
        void navigate(
          orderPaths.signOff(order.storeId, order._id, { lang: i18n.language, workerId: userId }),
        );
        return;
      }
      storeOrder(queryClient, outcome);
      void queryClient.invalidateQueries({
        queryKey: ['inspectionOrders', order.storeId],
        refetchType: 'none',
      });
      alerts.show({ type: 'success', message: t('page.finished') });
      const destination = afterFinishDestination({
        integration: settings.integration,
        onOrderPage: !onSignOffPage,
      });
      void navigate(
        destination === 'workOrder'
          ? orderPaths.workOrder(order.storeId, order._id)
          : routerPath(STAFF_PATHS.dashboard)!,
      );
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ORDER_CANNOT_BE_FINISHED') {
        // The server's reason (spec §4): measurements-required or items-required, in the user's language.
        const reason = FINISH_REASONS.find((r) => r === error.message);
        setRefusal(reason ? t(`inspections:finish.${reason}`) : error.message);
      }
      else alerts.show({ type: 'danger', message: errorText(error) });
    },
  });

  return { finish, refusal, clearRefusal: () => setRefusal(null) };
}

type OrderErrorCode = keyof typeof en.repairOrders.errors;
const isOrderErrorCode = (code: string): code is OrderErrorCode => Object.hasOwn(en.repairOrders.errors, code);

/** The translated text of an order route's error (spec §8), else the offline or generic failure. */
export function useOrderErrorText(): (error: unknown) => string {
  const { t } = useTranslation('repairOrders');
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && isOrderErrorCode(error.code)) return t(`errors.${error.code}`);
      if (error instanceof ApiError && error.status === 0) return t('page.offline');
      return t('page.failed');
    },
    [t],
  );
}
