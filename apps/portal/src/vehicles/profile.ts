import type { PortalVehicle } from '@servicebay/domain';

/**
 * The profile widget's rules, pure (docs/portal.md "Profile widget"): which picture shows, how a
 * car is named, when the car selector appears.
 */

/** Where the shown picture comes from; `default` is the portal's own thumbnail. */
export type ProfilePictureSource = 'vehicle' | 'inspection' | 'default';

export interface ProfilePicture {
  source: ProfilePictureSource;
  /** The signed URL, or null for the default thumbnail. */
  url: string | null;
}

/** The vehicle's own picture, else its latest inspection picture, else the default thumbnail. */
export function profilePicture(vehicle: Pick<PortalVehicle, 'picture' | 'latestInspectionPicture'> | null): ProfilePicture {
  if (vehicle?.picture?.url) return { source: 'vehicle', url: vehicle.picture.url };
  if (vehicle?.latestInspectionPicture?.url) return { source: 'inspection', url: vehicle.latestInspectionPicture.url };
  return { source: 'default', url: null };
}

/** "2016 Honda Accord": the parts that are known, or '' when none is. */
export function yearMakeModel(vehicle: Pick<PortalVehicle, 'year' | 'make' | 'model'>): string {
  return [vehicle.year, vehicle.make, vehicle.model]
    .map((part) => (part === null || part === undefined ? '' : String(part).trim()))
    .filter(Boolean)
    .join(' ');
}

/**
 * A car as the selector offers it, as its owner tells it apart: colour, year, make and model,
 * then the plate ("Black 2016 Honda Accord · ABC 123"); `fallback` when nothing is known.
 */
export function vehicleChoiceLabel(vehicle: Pick<PortalVehicle, 'year' | 'make' | 'model' | 'licensePlate' | 'color'>, fallback: string): string {
  const name = [vehicle.color?.trim(), yearMakeModel(vehicle)].filter(Boolean).join(' ') || fallback;
  const plate = vehicle.licensePlate?.trim();
  return plate ? `${name} · ${plate}` : name;
}

/** The car selector appears only when the household has more than one vehicle. */
export const showsCarSelector = (vehicles: readonly unknown[]): boolean => vehicles.length > 1;
