import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  cancelCustomer,
  cancelVehicle,
  emptyPanel,
  householdChosen,
  removeCustomer,
  removeVehicle,
  startCustomer,
  startVehicle,
  vehicleSaved,
  type Customer,
  type CustomerForm,
  type Household,
  type Outcome,
  type Vehicle,
  type VehicleForm,
} from '@servicebay/domain';
import { useAlerts, useDialogs } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { panelStartQuery, removeFromHousehold, sendCustomerSave, sendVehicleSave } from './customers-api.js';
import { useErrorAlert } from './errors.js';
import { customerName, vehicleName } from './names.js';
import {
  afterCustomerSave,
  afterRemoval,
  changeEditingCustomer,
  changeEditingVehicle,
  customerForm,
  customerSave,
  householdAfterSave,
  selectedRecords,
  startedPanel,
  startSource,
  vehicleForm,
  vehicleSave,
  type Panel,
  type PanelStart,
} from './panel-model.js';

export type { Panel, PanelStart };

/**
 * The customer/vehicle panel's state and actions. Every change goes through the editing rules of
 * the domain package; a refusal shows the danger alert of its code.
 */
export function usePanel(storeId: string, start: PanelStart = {}) {
  const { t } = useTranslation('customers');
  const { api } = useServices();
  const alerts = useAlerts();
  const dialogs = useDialogs();
  const showError = useErrorAlert();
  const [state, setState] = useState<Panel>(() => emptyPanel());
  const [householdId, setHouseholdId] = useState<string | null>(null);
  const [started, setStarted] = useState(false);

  // The household to open first: given, or the customer's, or the vehicle's.
  const initial = useQuery({
    ...panelStartQuery(api, storeId, start),
    enabled: startSource(start) !== null,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    if (started || !initial.data) return;
    // Loaded once; later changes are the panel's own.
    const first = startedPanel(initial.data, { customerId: start.customerId, vehicleId: start.vehicleId });
    setStarted(true);
    setHouseholdId(first.householdId);
    setState(first.state);
  }, [initial.data, started, start.customerId, start.vehicleId]);

  /** Applies an outcome of the rules: the new state, or the refusal's alert. */
  const apply = useCallback(
    (outcome: Outcome<Panel>) => {
      if (outcome.ok) setState(outcome.value);
      else showError(outcome.code);
      return outcome.ok;
    },
    [showError],
  );

  const saveCustomer = useMutation({
    mutationFn: async (form: CustomerForm) => {
      const save = customerSave(form, householdId);
      if (!save.ok) throw save.code;
      return { saved: await sendCustomerSave(api, storeId, save), created: save.kind === 'create' };
    },
    onSuccess: ({ saved, created }) => {
      // Drawn as a transition (the vehicle form may open): a key or tap meanwhile is answered first.
      startTransition(() => {
        setHouseholdId((current) => householdAfterSave(current, saved));
        setState((s) => afterCustomerSave(s, saved, created));
      });
      alerts.show({ type: 'success', message: t('panel.saved') });
    },
    onError: showError,
  });

  const saveVehicle = useMutation({
    mutationFn: async (form: VehicleForm) => {
      const save = vehicleSave(form, state.vehicles, householdId);
      if (!save.ok) throw save.code;
      return sendVehicleSave(api, storeId, save);
    },
    onSuccess: (saved) => {
      startTransition(() => setState((s) => vehicleSaved(s, saved)));
      alerts.show({ type: 'success', message: t('panel.saved') });
    },
    onError: showError,
  });

  const remove = useMutation({
    mutationFn: ({ kind, id }: { kind: 'customer' | 'vehicle'; id: string }) =>
      removeFromHousehold(api, storeId, householdId!, kind, id),
    onSuccess: (household) => {
      setState((s) => afterRemoval(s, household));
      alerts.show({ type: 'success', message: t('panel.removed') });
    },
    onError: showError,
  });

  // Typing in a form changes only its values: stable, so the form's fields (memos) keep theirs.
  const changeCustomer = useCallback((next: CustomerForm | ((latest: CustomerForm) => CustomerForm)) => setState((s) => changeEditingCustomer(s, next)), []);
  const changeVehicle = useCallback(
    (next: VehicleForm | ((latest: VehicleForm) => VehicleForm)) => setState((s) => changeEditingVehicle(s, next)),
    [],
  );
  const { refetch } = initial;
  const { mutate: mutateCustomer, isPending: savingCustomer } = saveCustomer;
  const { mutate: mutateVehicle, isPending: savingVehicle } = saveVehicle;
  const { mutate: mutateRemove } = remove;
  // One object per state of the panel: a ticket field typed beside it leaves the panel as it was,
  // and the panel (a memo) is not drawn again for it.
  return useMemo(() => {
    const pickHousehold = (household: Household, prefer: { customerId?: string; vehicleId?: string } = {}) => {
      setHouseholdId(household._id);
      setState(householdChosen(household.customers, household.vehicles, prefer));
    };

    // The search gives way to the customer form: drawn as a transition, so the tap is answered at once.
    const newCustomerWithoutHousehold = () =>
      startTransition(() => {
        setHouseholdId(null);
        apply(startCustomer(emptyPanel<Customer, Vehicle>()));
      });
    const clearHousehold = () => {
      setHouseholdId(null);
      setState(emptyPanel());
    };
    const askRemoveCustomer = async (customer: Customer) => {
      // The rules first: the selected or the last customer is never asked about.
      const outcome = removeCustomer(state, customer._id);
      if (!outcome.ok) return showError(outcome.code);
      const name = customerName(customer) || t('panel.noName');
      if (await dialogs.confirm({ message: t('panel.confirmRemoveCustomer', { name }) })) mutateRemove({ kind: 'customer', id: customer._id });
    };
    const askRemoveVehicle = async (vehicle: Vehicle) => {
      const outcome = removeVehicle(state, vehicle._id);
      if (!outcome.ok) return showError(outcome.code);
      if (await dialogs.confirm({ message: t('panel.confirmRemoveVehicle', { name: vehicleName(vehicle) }) })) mutateRemove({ kind: 'vehicle', id: vehicle._id });
    };

    return {
      storeId,
      state,
      householdId,
      loading: initial.isLoading,
      loadFailed: initial.isError,
      retryLoad: () => void refetch(),
      selectedCustomer: selectedRecords(state).customer,
      selectedVehicle: selectedRecords(state).vehicle,
      pickHousehold,
      clearHousehold,
      newCustomerWithoutHousehold,
      selectCustomer: (id: string) => setState((s) => ({ ...s, selectedCustomerId: id })),
      selectVehicle: (id: string) => setState((s) => ({ ...s, selectedVehicleId: id })),
      addCustomer: () => apply(startCustomer(state)),
      editCustomer: (c: Customer) => apply(startCustomer(state, customerForm(c))),
      changeCustomer,
      cancelCustomer: () => setState(cancelCustomer),
      saveCustomer: () => state.editingCustomer && mutateCustomer(state.editingCustomer),
      savingCustomer,
      addVehicle: () => apply(startVehicle(state)),
      editVehicle: (v: Vehicle) => apply(startVehicle(state, vehicleForm(v))),
      changeVehicle,
      cancelVehicle: () => setState(cancelVehicle),
      saveVehicle: () => state.editingVehicle && mutateVehicle(state.editingVehicle),
      savingVehicle,
      askRemoveCustomer,
      askRemoveVehicle,
    };
  }, [storeId, state, householdId, initial.isLoading, initial.isError, refetch, apply, changeCustomer, changeVehicle, savingCustomer, mutateCustomer, savingVehicle, mutateVehicle, mutateRemove, showError, dialogs, t]);
}

export type PanelApi = ReturnType<typeof usePanel>;
