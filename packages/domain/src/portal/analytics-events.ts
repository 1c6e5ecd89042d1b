import { z } from 'zod';

/*
 * The portal's analytics events, apart from the portal's other schemas: every page logs them, the
 * login page included, which builds no other portal schema.
 */

/** The analytics events of the portal, exactly as named by the product. */
export const ANALYTICS_EVENTS = [
  'myCarLogin',
  'myCarRegistration',
  'uploadProfilePicture',
  'clickFrequentlyPerformedAddItems',
  'clickViewFrequentlyPerformedWork',
  'viewReport',
  'shareReport',
  'selectAppointmentTime',
  'sendAppointment',
  'previousReport',
  'nextReport',
  // Not among the product's names: the switch between the login and the registration form
  // (data.to: 'login' or 'registration'), which the product says is logged without naming it.
  'switchLoginRegistration',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export const ZLogEventRequest = z.strictObject({
  eventName: z.enum(ANALYTICS_EVENTS, { message: `must be one of ${ANALYTICS_EVENTS.join(', ')}` }),
  /** A few facts about the event (the order viewed, the slot chosen): flat, small. */
  data: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
    .refine((d) => Object.keys(d).length <= 10, 'at most 10 fields')
    .optional(),
});
export type LogEventRequest = z.input<typeof ZLogEventRequest>;
