/** The vehicle-data module's front door: VIN decoding, year/make/model lists, maintenance schedules. */
export { createVehicleDataService, type VehicleDataService } from './vehicle-data.service.js';
export { createMaintenanceRepository, type MaintenanceRepository } from './maintenance.repository.js';
export { vehicleDataRoutes } from './vehicle-data.routes.js';
