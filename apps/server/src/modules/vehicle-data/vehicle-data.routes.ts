import {
  decodeVinRoute,
  listEnginesRoute,
  listMakesRoute,
  listModelsRoute,
  listYearsRoute,
  maintenanceScheduleRoute,
  type MaintenanceInterval,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { MaintenanceRepository } from './maintenance.repository.js';
import type { VehicleDataService } from './vehicle-data.service.js';

export function vehicleDataRoutes({ vehicleData: service, maintenance }: { vehicleData: VehicleDataService; maintenance: MaintenanceRepository }) {
  return [
    implement(decodeVinRoute, ({ params }) => service.decodeVin(params.vin)),
    implement(listYearsRoute, () => service.years()),
    implement(listMakesRoute, ({ params }) => service.makes(params.year)),
    implement(listModelsRoute, ({ params }) => service.models(params.year, params.make)),
    implement(listEnginesRoute, ({ params }) => service.engines(params.year, params.make, params.model)),
    implement(maintenanceScheduleRoute, async ({ params, query }) => {
      const rows = await maintenance.schedule(/electric/i.test(params.engine) ? 'electric' : 'combustion');
      const intervals = new Map<number, MaintenanceInterval>();
      for (const row of rows) {
        const value = query.lengthUnit === 'km' ? row.kilometres : row.miles;
        const interval = intervals.get(value) ?? { value, lengthUnit: query.lengthUnit, months: row.months, services: [] };
        interval.services.push({ operation: row.operation, item: row.item });
        intervals.set(value, interval);
      }
      return { _embedded: { interval: [...intervals.values()] } };
    }),
  ];
}
