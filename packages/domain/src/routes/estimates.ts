import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import type { Role } from '../roles.js';
import { LANGUAGES } from '../limits.js';
import { ZEstimate } from '../estimates/estimate.js';
import {
  ZCreateEstimateLineRequest,
  ZDrawEstimateRequest,
  ZMarkEstimateReadyRequest,
  ZUpdateEstimateLineRequest,
  ZUpdateEstimateRequest,
} from '../estimates/drawing.js';
import { ORDER_READ_ROLES } from '../repair-orders/order-roles.js';

/** Estimates (docs/estimates.md): built by advisors and the people above them; read by everyone in the shop. */

/** Who builds estimates: advisors and writers, managers, owners, admin, root. Technicians only read. */
export const ESTIMATE_WRITE_ROLES: readonly Role[] = [
  'ServiceAdvisor',
  'ServiceWriter',
  'ServiceManager',
  'GeneralManager',
  'StoreManager',
  'owner',
  'admin',
  'root',
];
export const ESTIMATE_READ_ROLES: readonly Role[] = ORDER_READ_ROLES;

const base = '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/estimate';
const orderParams = z.strictObject({ storeId: ZId, inspectionOrderId: ZId });
const lineParams = orderParams.extend({ lineId: ZId });

export const getEstimateRoute = defineRoute({
  id: 'estimates.get',
  method: 'GET',
  path: base,
  summary:
    "The order's estimate, priced: lines, taxes, totals (approvedTotal from the customer's decisions), status, delivery and step. Made on first read, with a line for each warning or critical result and the store's currency, labour rate and taxes.",
  tag: 'estimates',
  access: access.store(ESTIMATE_READ_ROLES),
  params: orderParams,
  /** The language of the lines drawn when the estimate is made (en when absent). */
  query: z.object({ language: z.enum(LANGUAGES, { message: 'languageId must be en or fr' }).default('en') }),
  response: ZEstimate,
});

export const updateEstimateRoute = defineRoute({
  id: 'estimates.update',
  method: 'PUT',
  path: base,
  summary:
    "Changes the labour rate (reprices every line, a new version), the status (the order's estimateStatus) or the delivery (estimateDelivery). 409 ORDER_CLOSED on a closed order.",
  tag: 'estimates',
  access: access.store(ESTIMATE_WRITE_ROLES),
  params: orderParams,
  body: ZUpdateEstimateRequest,
  response: ZEstimate,
});

export const drawEstimateRoute = defineRoute({
  id: 'estimates.draw',
  method: 'POST',
  path: `${base}/draw`,
  summary:
    'Draws the lines again from the inspection: a line for each warning or critical result without one (description in the language sent), and lines of results now okay or na removed; other lines keep their prices.',
  tag: 'estimates',
  access: access.store(ESTIMATE_WRITE_ROLES),
  params: orderParams,
  body: ZDrawEstimateRequest,
  response: ZEstimate,
});

export const refreshEstimateTaxesRoute = defineRoute({
  id: 'estimates.refreshTaxes',
  method: 'POST',
  path: `${base}/taxes`,
  summary:
    "Takes the store settings' currency and taxes again (the estimate keeps a copy from when it was made); a new version.",
  tag: 'estimates',
  access: access.store(ESTIMATE_WRITE_ROLES),
  params: orderParams,
  response: ZEstimate,
});

export const markEstimateReadyRoute = defineRoute({
  id: 'estimates.ready',
  method: 'POST',
  path: `${base}/ready`,
  summary:
    "The advisor's estimate is ready: the order's estimate step becomes done (any later change puts it back in progress). With `version`, 409 ESTIMATE_CHANGED when the estimate is at another version by now; 409 CONFLICT while a line's result is no longer warning or critical (details.lines names them: draw again or remove them).",
  tag: 'estimates',
  access: access.store(ESTIMATE_WRITE_ROLES),
  params: orderParams,
  body: ZMarkEstimateReadyRequest,
  response: ZEstimate,
});

export const createEstimateLineRoute = defineRoute({
  id: 'estimates.createLine',
  method: 'POST',
  path: `${base}/line`,
  summary:
    'Adds a line by hand: description, labour hours, parts and fees. A new version; answers the estimate.',
  tag: 'estimates',
  access: access.store(ESTIMATE_WRITE_ROLES),
  params: orderParams,
  body: ZCreateEstimateLineRequest,
  response: ZEstimate,
  status: 201,
});

export const updateEstimateLineRoute = defineRoute({
  id: 'estimates.updateLine',
  method: 'PUT',
  path: `${base}/line/:lineId`,
  summary:
    "Changes a line's description, labour hours, parts, fees or rank (lists replaced whole). A new version; answers the estimate.",
  tag: 'estimates',
  access: access.store(ESTIMATE_WRITE_ROLES),
  params: lineParams,
  body: ZUpdateEstimateLineRequest,
  response: ZEstimate,
});

export const deleteEstimateLineRoute = defineRoute({
  id: 'estimates.deleteLine',
  method: 'DELETE',
  path: `${base}/line/:lineId`,
  summary: 'Removes a line. A new version; answers the estimate.',
  tag: 'estimates',
  access: access.store(ESTIMATE_WRITE_ROLES),
  params: lineParams,
  response: ZEstimate,
});

export const estimateRoutes = [
  getEstimateRoute,
  updateEstimateRoute,
  drawEstimateRoute,
  refreshEstimateTaxesRoute,
  markEstimateReadyRoute,
  createEstimateLineRoute,
  updateEstimateLineRoute,
  deleteEstimateLineRoute,
] as const;
