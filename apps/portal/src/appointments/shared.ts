import type { DeferredItem, PortalStore, PortalVehicle, TodoItem } from '@servicebay/domain';

/**
 * What the request takes: the customer, the vehicle, the store (hours, time zone), and the vehicle's
 * deferred work and to-dos to offer as requested services (the dashboard's overview of the vehicle).
 */
export interface AppointmentProps {
  customerId: string;
  vehicle: PortalVehicle;
  store: PortalStore;
  deferredItems: DeferredItem[];
  todos: TodoItem[];
  /** Called once a request is booked: the page reads the vehicle's overview (and its appointment) again. */
  onBooked: () => void;
}

export const vehicleName = (v: PortalVehicle) => [v.year, v.make, v.model].filter(Boolean).join(' ');
