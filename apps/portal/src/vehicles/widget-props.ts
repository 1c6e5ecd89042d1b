import type { PortalVehicle } from '@servicebay/domain';
import type { PortalVariant } from '../variant.js';

/**
 * What the dashboard gives each of its vehicle widgets (the profile widget, the fleet list): the
 * household's vehicles, the selected one, and the way to select another (the page keeps the
 * selection).
 */
export interface PortalVehicleWidgetProps {
  variant: PortalVariant;
  customerId: string;
  vehicles: PortalVehicle[];
  vehicle: PortalVehicle | null;
  selectVehicle: (vehicleId: string) => void;
}
