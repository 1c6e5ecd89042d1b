/** The portal module's front door: what a signed-in customer reads and keeps in MyCar and MyFleet. */
export { createPortalService, type PortalDeps, type PortalService } from './portal.service.js';
export { createPortalRepository, type PortalRepository } from './portal.repository.js';
export { portalHouseholdResolvers, portalRoutes } from './portal.routes.js';
export { createAppointmentsService, type AppointmentsDeps, type AppointmentsService } from './appointments.service.js';
export { appointmentRoutes } from './appointments.routes.js';
