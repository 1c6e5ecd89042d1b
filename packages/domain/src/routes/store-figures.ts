import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { ZAccountStoreFigures } from '../analytics/store-figures.js';
import { ZCalendarDay } from '../analytics/calendar-day.js';
import { ACCOUNT_ADMIN_ROLES } from './accounts.js';

/**
 * The figures of the day of every store of an account (the owner's first screen, docs/analytics.md):
 * car count, average repair order, approval rate and open orders by stage. Those who see the
 * account's stores see their figures.
 */
export const accountStoreFiguresRoute = defineRoute({
  id: 'analytics.accountStoreFigures',
  method: 'GET',
  path: '/v2/api/account/:accountId/store/figures',
  summary:
    "The day's figures of every store of the account: cars, average repair order, approval rate, open orders by stage. " +
    "Each store's day is read in the store's own time zone (its setting, else its province's or state's): today there unless day is given.",
  tag: 'accounts',
  access: access.account(ACCOUNT_ADMIN_ROLES),
  params: z.strictObject({ accountId: ZId }),
  query: z.object({
    /** The day (YYYY-MM-DD), each store's in its own time zone; each store's today when absent. */
    day: ZCalendarDay.optional(),
  }),
  response: ZAccountStoreFigures,
});

export const storeFiguresRoutes = [accountStoreFiguresRoute] as const;
