import {
  createCustomerRoute,
  createVehicleRoute,
  customerHouseholdRoute,
  decodeVinRoute,
  encodeModelName,
  getHouseholdRoute,
  getVehicleRoute,
  LIMITS,
  listEnginesRoute,
  listMakesRoute,
  listModelsRoute,
  listYearsRoute,
  removeHouseholdCustomerRoute,
  removeHouseholdVehicleRoute,
  searchHouseholdsRoute,
  updateCustomerRoute,
  updateVehicleRoute,
  vehiclePictureRoute,
  type Household,
} from '@servicebay/domain';
import { uploadWithProgress, type ApiClient, type UploadOptions } from '@servicebay/web-core';
import {
  loneVehicleHousehold,
  startSource,
  type CustomerSave,
  type PanelStart,
  type VehicleSave,
} from './panel-model.js';

/** The household the panel opens first: given, or the customer's, or the vehicle's. */
export const panelStartQuery = (api: ApiClient, storeId: string, start: PanelStart) => ({
  queryKey: ['panelStart', storeId, start.householdId, start.customerId, start.vehicleId],
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Household> => {
    const source = startSource(start)!;
    if (source.kind === 'household') return api.call(getHouseholdRoute, { params: { storeId, householdId: source.id }, signal });
    if (source.kind === 'customer') return api.call(customerHouseholdRoute, { params: { storeId, customerId: source.id }, signal });
    const vehicle = await api.call(getVehicleRoute, { params: { storeId, vehicleId: source.id }, signal });
    if (!vehicle.householdId) return loneVehicleHousehold(vehicle);
    return api.call(getHouseholdRoute, { params: { storeId, householdId: vehicle.householdId }, signal });
  },
});

/** The store's households matching a search term, best first. */
export const householdSearchQuery = (api: ApiClient, storeId: string, term: string) => ({
  queryKey: ['householdSearch', storeId, term],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(searchHouseholdsRoute, {
      params: { storeId },
      query: { search: term, maxVehicles: LIMITS.maxVehiclesInHouseholdSearch },
      signal,
    }),
});

/** Sends a customer save the rules allowed: an update of the saved customer, or a creation. */
export function sendCustomerSave(api: ApiClient, storeId: string, save: Extract<CustomerSave, { ok: true }>) {
  return save.kind === 'update'
    ? api.call(updateCustomerRoute, { params: { storeId, customerId: save.customerId }, body: save.body })
    : api.call(createCustomerRoute, { params: { storeId }, body: save.body });
}

/** Sends a vehicle save the rules allowed: an update of the saved vehicle, or a creation. */
export function sendVehicleSave(api: ApiClient, storeId: string, save: Extract<VehicleSave, { ok: true }>) {
  return save.kind === 'update'
    ? api.call(updateVehicleRoute, { params: { storeId, vehicleId: save.vehicleId }, body: save.body })
    : api.call(createVehicleRoute, { params: { storeId }, body: save.body });
}

/** Takes a customer or a vehicle out of its household; the answer is the household left. */
export function removeFromHousehold(
  api: ApiClient,
  storeId: string,
  householdId: string,
  kind: 'customer' | 'vehicle',
  id: string,
) {
  return kind === 'customer'
    ? api.call(removeHouseholdCustomerRoute, { params: { storeId, householdId, customerId: id } })
    : api.call(removeHouseholdVehicleRoute, { params: { storeId, householdId, vehicleId: id } });
}

/** Decodes a VIN offline (GET /v1/api/vin/{vin}). */
export function decodeVin(api: ApiClient, vin: string) {
  return api.call(decodeVinRoute, { params: { vin } });
}

// The year/make/model/engine lists; the hooks only ask once the choices before are made.
export const yearsQuery = (api: ApiClient) => ({
  queryKey: ['vehicleData', 'years'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(listYearsRoute, { signal }),
});

export const makesQuery = (api: ApiClient, year: number | null | undefined) => ({
  queryKey: ['vehicleData', 'makes', year],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(listMakesRoute, { params: { year: year! }, signal }),
});

export const modelsQuery = (api: ApiClient, year: number | null | undefined, make: string | null | undefined) => ({
  queryKey: ['vehicleData', 'models', year, make],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(listModelsRoute, { params: { year: year!, make: make! }, signal }),
});

export const enginesQuery = (
  api: ApiClient,
  year: number | null | undefined,
  make: string | null | undefined,
  model: string | null | undefined,
) => ({
  queryKey: ['vehicleData', 'engines', year, make, model],
  // A slash in a model name travels as a placeholder.
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(listEnginesRoute, { params: { year: year!, make: make!, model: encodeModelName(model!) }, signal }),
});

/** Where the vehicle is cached; the picture upload refreshes it with the server's answer. */
export const vehicleQueryKey = (storeId: string, vehicleId: string) => ['vehicle', storeId, vehicleId] as const;

export const vehicleQuery = (api: ApiClient, storeId: string, vehicleId: string) => ({
  queryKey: vehicleQueryKey(storeId, vehicleId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(getVehicleRoute, { params: { storeId, vehicleId }, signal }),
});

/** Replaces the vehicle's picture (POST .../vehicle/{id}/picture); the answer is the saved vehicle. */
export function uploadVehiclePicture(
  storeId: string,
  vehicleId: string,
  file: File,
  upload: Pick<UploadOptions, 'getToken' | 'onProgress' | 'signal'>,
) {
  return uploadWithProgress(vehiclePictureRoute, {
    params: { storeId, vehicleId },
    file,
    fields: { fileName: file.name },
    ...upload,
  });
}
