import {
  countHouseholdsRoute,
  createCustomerRoute,
  customerFleetPictureRoute,
  createVehicleRoute,
  customerHouseholdRoute,
  getCustomerRoute,
  getHouseholdRoute,
  getVehicleRoute,
  householdVehicleCountRoute,
  householdVehiclesRoute,
  listCustomersRoute,
  removeHouseholdCustomerRoute,
  removeHouseholdVehicleRoute,
  searchHouseholdsRoute,
  updateCustomerRoute,
  updateVehicleRoute,
  vehicleCustomerRoute,
  vehiclePictureRoute,
  portalVehiclePictureRoute,
} from '@servicebay/domain';
import { implement, type ResourceOwner } from '../../platform/http/registrar.js';
import type { FileLinker } from '../../platform/files/index.js';
import type { CustomerRow, CustomersRepository, VehicleRow } from './customers.repository.js';
import type { CustomersService } from './customers.service.js';
import { pageInfo, presentCustomer as presentCustomerRow, presentVehicle as presentVehicleRow } from './customers.presenter.js';
import type { PicturesService } from './customers.pictures.js';

/** Registrar resolvers: which store a household, customer or vehicle id of a path belongs to. */
export function customerOwnerResolvers(repo: Pick<CustomersRepository, 'storeOf'>) {
  const owner = (table: 'households' | 'customers' | 'vehicles') => async (id: string): Promise<ResourceOwner | null> => {
    const storeId = await repo.storeOf(table, id);
    return storeId ? { storeId, accountId: null } : null;
  };
  return {
    pathResources: { householdId: owner('households'), customerId: owner('customers'), vehicleId: owner('vehicles') },
    customerStore: (id: string) => repo.storeOf('customers', id),
  };
}

export function customerRoutes({ customers: service, pictures, link }: { customers: CustomersService; pictures: PicturesService; link: FileLinker }) {
  // Every customer and vehicle answered carries its primary or latest inspection picture.
  const presentCustomers = async (rows: CustomerRow[]) => {
    const showcase = rows.length ? await service.showcase(rows[0]!.storeId, rows, []) : undefined;
    return rows.map((row) => presentCustomerRow(row, link, showcase));
  };
  const presentVehicles = async (rows: VehicleRow[]) => {
    const showcase = rows.length ? await service.showcase(rows[0]!.storeId, [], rows) : undefined;
    return rows.map((row) => presentVehicleRow(row, link, showcase));
  };
  const presentCustomer = async (row: CustomerRow) => (await presentCustomers([row]))[0]!;
  const presentVehicle = async (row: VehicleRow) => (await presentVehicles([row]))[0]!;
  return [
    // The staff user is passed so that a change of permissionToText is recorded as theirs.
    implement(createCustomerRoute, async ({ storeId, principal, body }) =>
      presentCustomer(await service.createCustomer(storeId, body, { userId: principal.id })),
    ),
    implement(updateCustomerRoute, async ({ storeId, principal, params, body }) =>
      presentCustomer(await service.updateCustomer(storeId, params.customerId, body, { userId: principal.id })),
    ),
    implement(getCustomerRoute, async ({ storeId, params }) => presentCustomer(await service.customer(storeId, params.customerId))),
    implement(listCustomersRoute, async ({ storeId, query }) => {
      const { page, size, sort: _sort, ...filter } = query;
      const { rows, total } = await service.listCustomers(storeId, filter, page, size);
      return { _embedded: { customer: await presentCustomers(rows) }, page: pageInfo(size, total, page) };
    }),
    implement(customerHouseholdRoute, ({ storeId, params }) => service.customerHousehold(storeId, params.customerId)),
    implement(getHouseholdRoute, ({ storeId, params }) => service.household(storeId, params.householdId)),
    implement(removeHouseholdCustomerRoute, ({ storeId, params }) =>
      service.removeCustomer(storeId, params.householdId, params.customerId),
    ),
    implement(householdVehicleCountRoute, async ({ storeId, params }) => ({
      count: await service.vehicleCount(storeId, params.householdId),
    })),
    implement(householdVehiclesRoute, async ({ storeId, params, query }) => {
      const { rows, total, size, page } = await service.householdVehicles(storeId, params.householdId, query);
      return { _embedded: { vehicle: await presentVehicles(rows) }, page: pageInfo(size, total, page) };
    }),
    implement(removeHouseholdVehicleRoute, ({ storeId, params }) =>
      service.removeVehicle(storeId, params.householdId, params.vehicleId),
    ),
    implement(createVehicleRoute, async ({ storeId, body }) => presentVehicle(await service.createVehicle(storeId, body))),
    implement(updateVehicleRoute, async ({ storeId, params, body }) =>
      presentVehicle(await service.updateVehicle(storeId, params.vehicleId, body)),
    ),
    implement(getVehicleRoute, async ({ storeId, params }) => presentVehicle(await service.vehicle(storeId, params.vehicleId))),
    implement(vehicleCustomerRoute, async ({ storeId, params }) => ({
      _embedded: { customer: await presentCustomers(await service.vehicleCustomers(storeId, params.vehicleId)) },
    })),
    implement(searchHouseholdsRoute, ({ storeId, query }) => service.searchHouseholds(storeId, query.search, query.maxVehicles)),
    implement(countHouseholdsRoute, ({ storeId, query }) => service.countSearch(storeId, query.search)),
    implement(vehiclePictureRoute, async ({ storeId, params, request }) =>
      presentVehicle(await pictures.setVehiclePicture(storeId, params.vehicleId, request)),
    ),
    // The portal's upload: the registrar found the vehicle's store and checked the household.
    implement(portalVehiclePictureRoute, async ({ storeId, params, request }) =>
      presentVehicle(await pictures.setVehiclePicture(storeId, params.vehicleId, request)),
    ),
    implement(customerFleetPictureRoute, async ({ params, request }) =>
      presentCustomer(await pictures.setFleetPicture(params.customerId, request)),
    ),
  ];
}
