import { confirmAppointmentRoute, nextAppointmentRoute, orderAppointmentRoute, requestAppointmentRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { AppointmentsService } from './appointments.service.js';

export function appointmentRoutes(appointments: AppointmentsService) {
  return [
    implement(requestAppointmentRoute, ({ storeId, params, principal, body }) =>
      appointments.request(storeId, params.customerId, { id: principal.id, role: principal.type }, body),
    ),
    implement(nextAppointmentRoute, async ({ storeId, params }) => ({ appointment: await appointments.next(storeId, params.vehicleId) })),
    implement(orderAppointmentRoute, async ({ storeId, params }) => ({ appointment: await appointments.ofOrder(storeId, params.inspectionOrderId) })),
    implement(confirmAppointmentRoute, ({ storeId, params, principal }) => appointments.confirm(storeId, params.inspectionOrderId, { id: principal.id })),
  ];
}
