import { VinScanButton } from '../vin-scan/index.js';
import type { PanelSlots } from '../customers/CustomerVehiclePanel.js';
import { VehiclePictureSlot } from '../customers/VehiclePictureUpload.js';
import { RepairOrderFormPage } from './RepairOrderFormPage.js';

/**
 * The panel's slots, filled by the features that provide them: the VIN scan button (camera or
 * external scanner) beside the VIN field, and the picture upload under a saved vehicle's form. A
 * scanned VIN is entered like a typed one: decoded, then saved with the vehicle.
 */
const slots: PanelSlots = {
  renderScanButton: (onVin) => <VinScanButton from="vehicleDetails" onVin={onVin} />,
  // The saved vehicle's picture, uploaded with progress (files feature).
  renderVehiclePicture: (vehicleId) => <VehiclePictureSlot vehicleId={vehicleId} />,
};

/** The ticket page as the router mounts it. */
export function RepairOrderFormRoute() {
  return <RepairOrderFormPage slots={slots} />;
}
