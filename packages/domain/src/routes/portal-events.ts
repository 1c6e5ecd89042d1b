import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZLogEventRequest } from '../portal/analytics-events.js';
import { PORTAL_ROLES } from '../roles.js';

/** The portal's analytics events: a module of its own, so the pages that log them build no other portal schema. */
export const logEventRoute = defineRoute({
  id: 'portal.logEvent',
  method: 'POST',
  path: '/v2/api/log-event',
  summary: `Records one of the portal's analytics events for the signed-in customer (its user, customer, store and time); at most 60 a minute per user (429 after).`,
  tag: 'portal',
  access: access.signedIn(PORTAL_ROLES),
  body: ZLogEventRequest,
  status: 204,
});
