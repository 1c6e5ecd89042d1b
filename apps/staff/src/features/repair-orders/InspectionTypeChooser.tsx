import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { actingRole, readStoreSettings } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { useSignedIn } from '../../session/signed-in.js';
import { inspectionTypeQueryKey, resultsQueryKey } from './inspection-api.js';
import {
  automaticSelectionQuery,
  changeOrderInspectionType,
  inspectionTypesQuery,
  saveAutomaticSelection,
} from './inspection-type-api.js';
import { inspectionTypeChoice } from './inspection-type-choice.js';
import { orderQueryKey, storeOrder, ticketStoreQuery } from './repair-order-api.js';
import { useOrderErrorText } from './useFinishOrder.js';

/**
 * The order's inspection type and what the user may do with it (`inspectionTypeChoice`): change
 * it, override the automatic selection (account-level users, with the override modal), or only
 * see that it was chosen automatically.
 */
export function InspectionTypeChooser({
  storeId,
  orderId,
  typeId,
  typeName,
  business,
  closed,
}: {
  storeId: string;
  orderId: string;
  typeId: string;
  typeName: string;
  business: string | null;
  closed: boolean;
}) {
  const { t } = useTranslation('inspections');
  const { api } = useServices();
  const { user } = useSignedIn();
  const store = useQuery(ticketStoreQuery(api, storeId));
  const [open, setOpen] = useState(false);
  if (!store.data) return null;
  const automatic = readStoreSettings(store.data).automaticInspectionSelectionEnabled;
  const choice = inspectionTypeChoice({ role: actingRole(user), automaticSelectionEnabled: automatic, closed });
  if (!automatic && choice === 'none') return null;
  return (
    <Group gap="xs" mb="sm" data-testid="inspection-type" data-choice={choice} aria-label={t('automaticSelection.type', { name: typeName })} role="group">
      {automatic && (
        <Badge variant="outline" color="gray.7" c="bright">
          {t('automaticSelection.chosenAutomatically')}
        </Badge>
      )}
      {(choice === 'change' || choice === 'override') && (
        <Button variant="default" size="sm" onClick={() => setOpen(true)}>
          {choice === 'override' ? t('automaticSelection.overrideButton') : t('automaticSelection.changeButton')}
        </Button>
      )}
      {open && (
        <InspectionTypeModal
          storeId={storeId}
          orderId={orderId}
          typeId={typeId}
          business={choice === 'override' ? business : null}
          override={choice === 'override'}
          onClose={() => setOpen(false)}
        />
      )}
    </Group>
  );
}

/**
 * Choosing the order's type. In the override modal, with the customer's business name, it shows
 * what the automatic selection maps the name to, and may remember the new type for every new
 * ticket of that name.
 */
function InspectionTypeModal({
  storeId,
  orderId,
  typeId,
  business,
  override,
  onClose,
}: {
  storeId: string;
  orderId: string;
  typeId: string;
  business: string | null;
  override: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['inspections', 'ui']);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const errorText = useOrderErrorText();
  const types = useQuery(inspectionTypesQuery(api, storeId));
  const mapped = useQuery({ ...automaticSelectionQuery(api, storeId, business ?? ''), enabled: Boolean(business) });
  const [chosen, setChosen] = useState<string>(typeId);
  const [remember, setRemember] = useState(false);
  const [mapFailed, setMapFailed] = useState(false);
  const chosenName = types.data?.find((x) => x._id === chosen)?.name ?? '';

  const save = useMutation({
    mutationFn: async () => {
      const order = await changeOrderInspectionType(api, { storeId, inspectionOrderId: orderId }, chosen);
      storeOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: inspectionTypeQueryKey(storeId, orderId) });
      void queryClient.invalidateQueries({ queryKey: resultsQueryKey(storeId, orderId) });
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(storeId, orderId) });
      if (remember && business) {
        try {
          // Without _id the business name's own mapping is replaced (or made).
          await saveAutomaticSelection(api, storeId, { match: business, inspectionName: chosenName });
          void queryClient.invalidateQueries({ queryKey: ['automaticInspectionSelection', storeId] });
        } catch {
          // The order has its new type; only the business name's mapping failed: say so, stay open.
          setMapFailed(true);
          return false;
        }
      }
      return true;
    },
    onSuccess: (done) => done && onClose(),
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={override ? t('automaticSelection.overrideTitle') : t('automaticSelection.changeTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      <Stack gap="md">
        {override && business && (
          <div data-testid="automatic-choice">
            {mapped.isError ? (
              <Alert color="red" variant="light" role="alert">
                {t('automaticSelection.selectFailed')}
              </Alert>
            ) : mapped.data !== undefined ? (
              <Text size="sm">
                {mapped.data
                  ? t('automaticSelection.mapped', { business, inspection: mapped.data.inspectionName })
                  : t('automaticSelection.notMapped', { business })}
              </Text>
            ) : null}
          </div>
        )}
        {/* A native select: the tablet's own picker, as the page's other pickers. */}
        <NativeSelect
          label={t('automaticSelection.typeLabel')}
          data={(types.data ?? []).map((x) => ({ value: x._id, label: x.name }))}
          value={chosen}
          onChange={(event) => setChosen(event.currentTarget.value)}
          disabled={!types.data}
          error={types.isError ? t('automaticSelection.typesFailed') : undefined}
        />
        {override && business && chosenName && (
          <Checkbox
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
            label={t('automaticSelection.overrideBody', { inspection: chosenName, business })}
          />
        )}
        {mapFailed && (
          <Alert color="red" variant="light" role="alert">
            {t('automaticSelection.updateFailed')}
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('automaticSelection.cancel')}
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!chosenName || (chosen === typeId && !remember)}>
            {t('automaticSelection.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
