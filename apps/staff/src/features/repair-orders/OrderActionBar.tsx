import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderNextStep, RepairOrder } from '@servicebay/domain';
import { StickyActionBar } from '../../kit/StickyActionBar.js';
import { estimatePaths } from '../../paths.js';

/** What the bar's one button does, for each next step: the page's own actions. */
export interface OrderActionHandlers {
  onFinish: () => void;
  finishPending: boolean;
  onSendReport: () => void;
  /** The signed-in role may send reports. */
  canSendReport: boolean;
  onClose: () => void;
  closePending: boolean;
}

/**
 * The order page's sticky bar: the order's next step (`orderNextStep`) named, and its one primary
 * action: finish the inspection, open the estimate, send the report, or close the ticket. A role
 * that may not take the step sees the step named without a button. Nothing for a closed order.
 */
export function OrderActionBar({
  order,
  next,
  handlers,
}: {
  order: RepairOrder;
  next: OrderNextStep | null;
  handlers: OrderActionHandlers;
}) {
  const { t } = useTranslation(['repairOrders', 'estimates', 'reportSending']);
  if (!next) return null;
  const action = (() => {
    switch (next) {
      case 'finish':
        return (
          <Button size="lg" onClick={handlers.onFinish} loading={handlers.finishPending}>
            {t('page.finish')}
          </Button>
        );
      case 'estimate':
        return (
          <Button
            size="lg"
            component={Link}
            to={estimatePaths.approval(order.storeId, order._id)}
            data-testid="to-estimate"
          >
            {t('estimates:estimates.title')}
          </Button>
        );
      case 'sendReport':
        return handlers.canSendReport ? (
          <Button size="lg" onClick={handlers.onSendReport}>
            {t('reportSending:open')}
          </Button>
        ) : null;
      case 'close':
        return (
          <Button size="lg" onClick={handlers.onClose} loading={handlers.closePending}>
            {t('page.close')}
          </Button>
        );
    }
  })();
  return (
    <StickyActionBar label={t('nextStep.label')} testId="order-action-bar">
      <Text fw={600} mr="auto" data-testid="next-step" data-step={next}>
        {t(`nextStep.${next}`)}
      </Text>
      {action}
    </StickyActionBar>
  );
}
