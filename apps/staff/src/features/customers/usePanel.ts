import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  cancelCustomer,
  cancelVehicle,
  createCustomerRoute,
  createVehicleRoute,
  customerHouseholdRoute,
  customerSaveBody,
  customerSaved,
  emptyPanel,
  getHouseholdRoute,
  getVehicleRoute,
  householdChosen,
  removeCustomer,
  removeHouseholdCustomerRoute,
  removeHouseholdVehicleRoute,
  removeVehicle,
  startCustomer,
  startVehicle,
  updateCustomerRoute,
  updateVehicleRoute,
  vehicleCreateBody,
  vehicleSaved,
  vehicleUpdateBody,
  type Customer,
  type CustomerForm,
  type Household,
  type Outcome,
  type PanelState,
  type Vehicle,
  type VehicleForm,
} from '@servicebay/domain';
import { useAlerts, useDialogs } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { useErrorAlert } from './errors.js';
import { customerName, vehicleName } from './names.js';

export type Panel = PanelState<Customer, Vehicle>;

/** Where the panel starts: a household, a customer's or a vehicle's household, or nothing. */
export interface PanelStart {
  householdId?: string | null;
  customerId?: string | null;
  vehicleId?: string | null;
}

/** A record as the form edits it: the same fields, texts instead of nulls. */
function customerForm(c: Customer): CustomerForm {
  return { ...c };
}
function vehicleForm(v: Vehicle): VehicleForm {
  return { ...v, error: null };
}

/**
 * The customer/vehicle panel's state and actions. Every change goes through the editing rules of
 * the domain package; a refusal shows the danger alert of its code (spec §8).
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
    queryKey: ['panelStart', storeId, start.householdId, start.customerId, start.vehicleId],
    queryFn: async ({ signal }): Promise<Household> => {
      if (start.householdId) return api.call(getHouseholdRoute, { params: { storeId, householdId: start.householdId }, signal });
      if (start.customerId) return api.call(customerHouseholdRoute, { params: { storeId, customerId: start.customerId }, signal });
      const vehicle = await api.call(getVehicleRoute, { params: { storeId, vehicleId: start.vehicleId! }, signal });
      if (!vehicle.householdId) return { _id: '', customers: [], vehicles: [vehicle], _links: { self: { href: '' } } };
      return api.call(getHouseholdRoute, { params: { storeId, householdId: vehicle.householdId }, signal });
    },
    enabled: Boolean(start.householdId || start.customerId || start.vehicleId),
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    if (started || !initial.data) return;
    const household = initial.data;
    // Loaded once; later changes are the panel's own.
    setStarted(true);
    setHouseholdId(household._id || null);
    setState(householdChosen(household.customers, household.vehicles, { customerId: start.customerId, vehicleId: start.vehicleId }));
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

  const pickHousehold = (household: Household, prefer: { customerId?: string; vehicleId?: string } = {}) => {
    setHouseholdId(household._id);
    setState(householdChosen(household.customers, household.vehicles, prefer));
  };

  const newCustomerWithoutHousehold = () => {
    setHouseholdId(null);
    apply(startCustomer(emptyPanel<Customer, Vehicle>()));
  };

  const clearHousehold = () => {
    setHouseholdId(null);
    setState(emptyPanel());
  };

  const saveCustomer = useMutation({
    mutationFn: async (form: CustomerForm) => {
      const body = customerSaveBody(form);
      if (!body.ok) throw body.code;
      return form._id
        ? api.call(updateCustomerRoute, { params: { storeId, customerId: form._id }, body: body.value })
        : api.call(createCustomerRoute, { params: { storeId }, body: { ...body.value, ...(householdId ? { householdId } : {}) } });
    },
    onSuccess: (saved) => {
      if (saved.householdId) setHouseholdId(saved.householdId);
      setState((s) => customerSaved(s, saved));
      alerts.show({ type: 'success', message: t('panel.saved') });
    },
    onError: showError,
  });

  const saveVehicle = useMutation({
    mutationFn: async (form: VehicleForm) => {
      if (form._id) {
        const saved = state.vehicles.find((v) => v._id === form._id);
        const body = vehicleUpdateBody(saved ? vehicleForm(saved) : {}, form);
        if (!body) throw 'VEHICLE_ERROR';
        return api.call(updateVehicleRoute, { params: { storeId, vehicleId: form._id }, body });
      }
      const body = householdId ? vehicleCreateBody(form, householdId) : null;
      if (!body) throw 'VEHICLE_ERROR';
      return api.call(createVehicleRoute, { params: { storeId }, body: body as { householdId: string } });
    },
    onSuccess: (saved) => {
      setState((s) => vehicleSaved(s, saved));
      alerts.show({ type: 'success', message: t('panel.saved') });
    },
    onError: showError,
  });

  const remove = useMutation({
    mutationFn: ({ kind, id }: { kind: 'customer' | 'vehicle'; id: string }) =>
      kind === 'customer'
        ? api.call(removeHouseholdCustomerRoute, { params: { storeId, householdId: householdId!, customerId: id } })
        : api.call(removeHouseholdVehicleRoute, { params: { storeId, householdId: householdId!, vehicleId: id } }),
    onSuccess: (household) => {
      setState((s) => ({ ...s, customers: household.customers, vehicles: household.vehicles }));
      alerts.show({ type: 'success', message: t('panel.removed') });
    },
    onError: showError,
  });

  const askRemoveCustomer = async (customer: Customer) => {
    // The rules first: the selected or the last customer is never asked about.
    const outcome = removeCustomer(state, customer._id);
    if (!outcome.ok) return showError(outcome.code);
    const name = customerName(customer) || t('panel.noName');
    if (await dialogs.confirm({ message: t('panel.confirmRemoveCustomer', { name }) })) remove.mutate({ kind: 'customer', id: customer._id });
  };

  const askRemoveVehicle = async (vehicle: Vehicle) => {
    const outcome = removeVehicle(state, vehicle._id);
    if (!outcome.ok) return showError(outcome.code);
    if (await dialogs.confirm({ message: t('panel.confirmRemoveVehicle', { name: vehicleName(vehicle) }) })) remove.mutate({ kind: 'vehicle', id: vehicle._id });
  };

  return {
    storeId,
    state,
    householdId,
    loading: initial.isLoading,
    loadFailed: initial.isError,
    retryLoad: () => void initial.refetch(),
    selectedCustomer: state.customers.find((c) => c._id === state.selectedCustomerId) ?? null,
    selectedVehicle: state.vehicles.find((v) => v._id === state.selectedVehicleId) ?? null,
    pickHousehold,
    clearHousehold,
    newCustomerWithoutHousehold,
    selectCustomer: (id: string) => setState((s) => ({ ...s, selectedCustomerId: id })),
    selectVehicle: (id: string) => setState((s) => ({ ...s, selectedVehicleId: id })),
    addCustomer: () => apply(startCustomer(state)),
    editCustomer: (c: Customer) => apply(startCustomer(state, customerForm(c))),
    changeCustomer: (form: CustomerForm) => setState((s) => ({ ...s, editingCustomer: form })),
    cancelCustomer: () => setState(cancelCustomer),
    saveCustomer: () => state.editingCustomer && saveCustomer.mutate(state.editingCustomer),
    savingCustomer: saveCustomer.isPending,
    addVehicle: () => apply(startVehicle(state)),
    editVehicle: (v: Vehicle) => apply(startVehicle(state, vehicleForm(v))),
    changeVehicle: (next: VehicleForm | ((latest: VehicleForm) => VehicleForm)) =>
      setState((s) => (s.editingVehicle ? { ...s, editingVehicle: typeof next === 'function' ? next(s.editingVehicle) : next } : s)),
    cancelVehicle: () => setState(cancelVehicle),
    saveVehicle: () => state.editingVehicle && saveVehicle.mutate(state.editingVehicle),
    savingVehicle: saveVehicle.isPending,
    askRemoveCustomer,
    askRemoveVehicle,
  };
}

export type PanelApi = ReturnType<typeof usePanel>;
