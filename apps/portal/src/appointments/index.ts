/** Appointments in the portal: the request button (its modal loads when opened) and the next-visit card. */
export { RequestAppointmentButton } from './RequestAppointmentButton.js';
export { NextAppointment } from './NextAppointment.js';
export type { AppointmentProps } from './shared.js';
