import type { PortalStore, PortalVehicle } from '@servicebay/domain';

/** What the appointment widgets take: the customer, the vehicle and the store (hours, time zone). */
export interface AppointmentProps {
  customerId: string;
  vehicle: PortalVehicle;
  store: PortalStore;
}

export const vehicleName = (v: PortalVehicle) => [v.year, v.make, v.model].filter(Boolean).join(' ');
/** The query of a vehicle's next appointment, refreshed when a request is sent. */
export const nextAppointmentKey = (vehicleId: string) => ['portal-next-appointment', vehicleId] as const;
