import { memo, type ReactNode } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@servicebay/ui';
import { useReveal } from '../../kit/useReveal.js';
import { CustomerForm } from './CustomerForm.js';
import { CustomerList, VehicleList } from './HouseholdLists.js';
import { HouseholdSearch } from './HouseholdSearch.js';
import type { PanelApi } from './usePanel.js';
import { panelLayout } from './panel-model.js';
import { VehicleForm } from './VehicleForm.js';
import './panel.css';

export interface PanelSlots {
  /** The "Scan VIN" button (vin-scan feature): it calls back with the VIN read. */
  renderScanButton?: (onVin: (vin: string) => void) => ReactNode;
  /** The vehicle picture upload (files feature), for a saved vehicle. */
  renderVehiclePicture?: (vehicleId: string) => ReactNode;
}

/**
 * The customer/vehicle panel of the ticket page: search,
 * the chosen household's customers and vehicles, and the create/edit forms. State and rules are in
 * usePanel; this lays them out. Drawn again only when the panel changes (usePanel gives one object
 * per state), not at each key typed in the ticket's fields beside it.
 */
export const CustomerVehiclePanel = memo(function CustomerVehiclePanel({
  panel,
  slots = {},
  searchTerm,
}: {
  panel: PanelApi;
  slots?: PanelSlots;
  searchTerm?: string;
}) {
  const { t } = useTranslation('customers');
  const { state } = panel;
  const layout = panelLayout(state, panel.householdId);
  // A form that opens (by a tap, or by itself after a new customer) comes into view, cursor in it.
  const customerFormRef = useReveal<HTMLDivElement>(Boolean(state.editingCustomer));
  const vehicleFormRef = useReveal<HTMLDivElement>(Boolean(state.editingVehicle));

  if (panel.loading) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('panel.loadingHousehold')}</Text>
      </Group>
    );
  }
  if (panel.loadFailed && !layout.hasHousehold) {
    return (
      <Stack gap="sm" align="flex-start">
        <AlertBanner alert={{ type: 'warning', message: t('panel.householdFailed') }} />
        <Button onClick={panel.retryLoad}>{t('panel.retry')}</Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-panel="customer-vehicle">
      {layout.search && (
        <>
          <HouseholdSearch
            storeId={panel.storeId}
            initialTerm={searchTerm}
            onPick={({ household, customerId, vehicleId }) =>
              panel.pickHousehold(household, { customerId, vehicleId })
            }
          />
          <Group>
            <Button variant="light" onClick={panel.newCustomerWithoutHousehold}>
              {t('panel.newCustomer')}
            </Button>
          </Group>
        </>
      )}
      {layout.changeHousehold && (
        <Group justify="flex-end">
          <Button variant="subtle" onClick={panel.clearHousehold}>
            {t('panel.changeHousehold')}
          </Button>
        </Group>
      )}
      {layout.customers && (
        <CustomerList
          customers={state.customers}
          selectedId={state.selectedCustomerId}
          onSelect={panel.selectCustomer}
          onEdit={panel.editCustomer}
          onRemove={(c) => void panel.askRemoveCustomer(c)}
          onAdd={panel.addCustomer}
        />
      )}
      {state.editingCustomer && (
        <div ref={customerFormRef}>
          <CustomerForm
            key={state.editingCustomer._id ?? 'new'}
            value={state.editingCustomer}
            onChange={panel.changeCustomer}
            onSave={panel.saveCustomer}
            onCancel={panel.cancelCustomer}
            saving={panel.savingCustomer}
          />
        </div>
      )}
      {layout.vehicles && (
        <VehicleList
          vehicles={state.vehicles}
          selectedId={state.selectedVehicleId}
          onSelect={panel.selectVehicle}
          onEdit={panel.editVehicle}
          onRemove={(v) => void panel.askRemoveVehicle(v)}
          onAdd={panel.addVehicle}
        />
      )}
      {state.editingVehicle && (
        <div ref={vehicleFormRef}>
          <VehicleForm
            key={state.editingVehicle._id ?? 'new'}
            value={state.editingVehicle}
            onChange={panel.changeVehicle}
            onSave={panel.saveVehicle}
            onCancel={panel.cancelVehicle}
            saving={panel.savingVehicle}
            renderScanButton={slots.renderScanButton}
            picture={
              state.editingVehicle._id && slots.renderVehiclePicture
                ? slots.renderVehiclePicture(state.editingVehicle._id)
                : undefined
            }
          />
        </div>
      )}
    </Stack>
  );
});
