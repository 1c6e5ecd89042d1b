/** The VIN scanner module's front door: scan sessions and their callbacks. */
export { createVinScannerService, type VinScannerService, type VinScannerSettings } from './vin-scanner.service.js';
export { createVinScannerRepository } from './vin-scanner.repository.js';
export { vinScannerRoutes, vinScannerSettings } from './vin-scanner.routes.js';
