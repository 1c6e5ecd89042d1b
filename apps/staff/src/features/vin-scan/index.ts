/** The VIN scan feature (docs/vin-scanner.md): what other screens use. */
export { VinScanButton, type VinScanButtonProps } from './VinScanButton.js';
export { useVinScanned } from './useVinScanned.js';
export { CameraScanModal, preloadCameraScanner } from './CameraScanModal.js';
export { VinScanReturnPage } from './VinScanReturnPage.js';
export { LocalScannerPage } from './LocalScannerPage.js';
