import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { ZAppointment, ZAppointmentRequest, ZNextAppointment } from '../portal/appointments.js';
import { ORDER_READ_ROLES, ORDER_WRITE_ROLES } from '../repair-orders/order-roles.js';

/**
 * Appointments (docs/portal.md "Appointments"): a portal customer requests one for a vehicle of its
 * household; the shop sees it at once as a ticket not in the shop, scheduled at the chosen time;
 * an advisor confirms it from the ticket.
 */

const orderParams = z.strictObject({ storeId: ZId, inspectionOrderId: ZId });

export const requestAppointmentRoute = defineRoute({
  id: 'appointments.request',
  method: 'POST',
  path: '/v2/api/customer/:customerId/appointment',
  summary:
    "Requests an appointment for a vehicle of the customer's household at a day and a 30-minute slot of the store's hours, in its time zone (a past day, a closed day or a time outside the hours is 400). Creates an open ticket not in the shop, scheduled at that time, and e-mails the shop and the customer with a calendar file. The same vehicle and time while the ticket is open answer the appointment already made.",
  tag: 'portal',
  access: access.customer([]),
  params: z.strictObject({ customerId: ZId }),
  body: ZAppointmentRequest,
  response: ZAppointment,
  status: 201,
});

export const nextAppointmentRoute = defineRoute({
  id: 'appointments.next',
  method: 'GET',
  path: '/v2/api/vehicle/:vehicleId/appointment',
  summary: "The vehicle's next appointment, requested or confirmed, while its ticket is open and the vehicle not in the shop; null when none.",
  tag: 'portal',
  access: access.household([]),
  params: z.strictObject({ vehicleId: ZId }),
  response: ZNextAppointment,
});

export const orderAppointmentRoute = defineRoute({
  id: 'appointments.ofOrder',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/appointment',
  summary: "The appointment a customer requested that this ticket holds (services, notes, requested or confirmed); null when the ticket holds none.",
  tag: 'inspectionOrders',
  access: access.store(ORDER_READ_ROLES),
  params: orderParams,
  response: ZNextAppointment,
});

export const confirmAppointmentRoute = defineRoute({
  id: 'appointments.confirm',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/appointment/confirm',
  summary:
    'Confirms the appointment the ticket holds and e-mails the customer the confirmation with a calendar file. Confirming again answers the confirmed appointment and sends nothing; a closed ticket is 409 ORDER_CLOSED; a ticket without an appointment 404.',
  tag: 'inspectionOrders',
  access: access.store(ORDER_WRITE_ROLES),
  params: orderParams,
  response: ZAppointment,
});

export const appointmentRoutes = [requestAppointmentRoute, nextAppointmentRoute, orderAppointmentRoute, confirmAppointmentRoute];
