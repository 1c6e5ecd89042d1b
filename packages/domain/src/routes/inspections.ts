import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import {
  INSPECTION_TYPE_FIELDS,
  INSPECTION_TYPE_STATES,
  ZInspectionType,
  type InspectionTypeField,
} from '../inspections/inspection-type.js';
import {
  ZCreateResultRequest,
  ZInspectionResult,
  ZResultList,
  ZUpdateResultRequest,
} from '../inspections/results.js';
import {
  AUTOMATIC_SELECTION_WRITE_ROLES,
  ZAutomaticInspectionSelection,
  ZAutomaticInspectionSelectionList,
  ZAutomaticInspectionSelectionRequest,
} from '../inspections/automatic-selection.js';
import { ORDER_READ_ROLES, ORDER_WRITE_ROLES } from '../repair-orders/order-roles.js';

/** Inspection types, automatic selection, results, pictures and videos (docs/inspections.md). */

const storeParams = z.strictObject({ storeId: ZId });
const orderParams = z.strictObject({ storeId: ZId, inspectionOrderId: ZId });
const resultParams = orderParams.extend({ resultId: ZId });
/** A picture's or video's name as stored (a file name, no path). */
const ZMediaName = z
  .string()
  .min(1)
  .max(255)
  .refine((v) => !/[\\/]/.test(v) && ![...v].some((c) => c < ' ') && v !== '.' && v !== '..', {
    message: 'must be a file name',
  });

/** `fields=_id,name,isDefault`: unknown names refused (400), none means every field. */
const ZFieldList = z
  .string()
  .optional()
  .transform((v, ctx): InspectionTypeField[] | undefined => {
    if (v === undefined || v.trim() === '') return undefined;
    const names = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = names.filter((n) => !(INSPECTION_TYPE_FIELDS as readonly string[]).includes(n));
    if (unknown.length) {
      ctx.addIssue({ code: 'custom', message: `unknown field ${unknown.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(names)] as InspectionTypeField[];
  });

/** With `fields`, each type carries only those fields. */
export const ZInspectionTypeList = z.object({
  _embedded: z.object({ inspectionType: z.array(ZInspectionType.partial()) }),
});

export const listInspectionTypesRoute = defineRoute({
  id: 'inspections.types',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionType',
  summary:
    "The inspection types the store may use: the product's templates and the store's own, default first then by name. fields=_id,name,isDefault narrows each; state=active (default), archived or all.",
  tag: 'inspections',
  access: access.store(ORDER_READ_ROLES),
  params: storeParams,
  query: z.object({
    fields: ZFieldList,
    state: z.enum([...INSPECTION_TYPE_STATES, 'all']).default('active'),
  }),
  response: ZInspectionTypeList,
});

export const getInspectionTypeRoute = defineRoute({
  id: 'inspections.type',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspection/:inspectionId',
  summary: "One inspection type with its groups, sections and items (404 for another store's own type).",
  tag: 'inspections',
  access: access.store(ORDER_READ_ROLES),
  params: z.strictObject({ storeId: ZId, inspectionId: ZId }),
  response: ZInspectionType,
});

export const orderInspectionRoute = defineRoute({
  id: 'inspections.ofOrder',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/inspection',
  summary:
    "The order's inspection type (the store's default when the order has none). Answered with Cache-Control: no-store (like every private answer), so preview pages always see the current one.",
  tag: 'inspections',
  access: access.store(ORDER_READ_ROLES),
  params: orderParams,
  response: ZInspectionType,
});

export const listAutomaticSelectionsRoute = defineRoute({
  id: 'inspections.automaticSelections',
  method: 'GET',
  path: '/v2/api/store/:storeId/automaticInspectionSelection',
  summary:
    "The store's business-name → inspection type map; match= keeps the one for that business name (case-insensitive).",
  tag: 'inspections',
  access: access.store(ORDER_READ_ROLES),
  params: storeParams,
  query: z.object({ match: z.string().trim().max(200).optional() }),
  response: ZAutomaticInspectionSelectionList,
});

export const saveAutomaticSelectionRoute = defineRoute({
  id: 'inspections.saveAutomaticSelection',
  method: 'POST',
  path: '/v2/api/store/:storeId/automaticInspectionSelection',
  summary:
    'Maps a business name to an inspection type by name (400 for an unknown name); replaces the mapping of the same business name, or the one named by _id. Owners and admins.',
  tag: 'inspections',
  access: access.store(AUTOMATIC_SELECTION_WRITE_ROLES),
  params: storeParams,
  body: ZAutomaticInspectionSelectionRequest,
  response: ZAutomaticInspectionSelection,
});

export const listResultsRoute = defineRoute({
  id: 'inspections.results',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/result',
  summary:
    "The order's results in page order with their pictures and videos (signed URLs), the vehicle's previous measurements, and with grouped=true the ids of those results by group and section (grouped: [{ group, sections: [{ section, resultIds }] }]).",
  tag: 'inspections',
  access: access.store(ORDER_READ_ROLES),
  params: orderParams,
  query: z.object({
    grouped: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  }),
  response: ZResultList,
});

export const createResultRoute = defineRoute({
  id: 'inspections.createResult',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/result',
  summary:
    "A result for an item of the order's inspection type (400 for an unknown itemKey; 409 CONFLICT for a second result of an item that is not multiple). Starts the technician's time tracker, reopens a finished inspection; the result is unconfirmed.",
  tag: 'inspections',
  access: access.store(ORDER_WRITE_ROLES),
  params: orderParams,
  body: ZCreateResultRequest,
  response: ZInspectionResult,
  status: 201,
});

export const getResultRoute = defineRoute({
  id: 'inspections.result',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/result/:resultId',
  summary: 'One result of the order.',
  tag: 'inspections',
  access: access.store(ORDER_READ_ROLES),
  params: resultParams,
  response: ZInspectionResult,
});

export const updateResultRoute = defineRoute({
  id: 'inspections.updateResult',
  method: 'PUT',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/result/:resultId',
  summary:
    'Changes the fields sent (deferredIgnoredByCustomer for deferred items; confirmed: true to confirm). Same side effects as create.',
  tag: 'inspections',
  access: access.store(ORDER_WRITE_ROLES),
  params: resultParams,
  body: ZUpdateResultRequest,
  response: ZInspectionResult,
});

export const deleteResultRoute = defineRoute({
  id: 'inspections.deleteResult',
  method: 'DELETE',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/result/:resultId',
  summary: 'Removes a result with its pictures and videos. Same side effects as create.',
  tag: 'inspections',
  access: access.store(ORDER_WRITE_ROLES),
  params: resultParams,
  status: 204,
});

export const addResultPictureRoute = defineRoute({
  id: 'inspections.addPicture',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/result/:resultId/picture',
  summary:
    'multipart/form-data: text fields name, workerName (or worker), workerTitle, dateTime, gps ({"lat","long"} JSON or "lat,long"; or lat and long) first, then one PNG or JPEG file (checked by its bytes: 415 otherwise; 413 when too large). Stored upright with gallery and phone copies; answers the result. 409 CONFLICT when the result has a picture of that name.',
  tag: 'inspections',
  access: access.store(ORDER_WRITE_ROLES),
  params: resultParams,
  response: ZInspectionResult,
  status: 201,
});

export const replaceResultPictureRoute = defineRoute({
  id: 'inspections.replacePicture',
  method: 'PUT',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/result/:resultId/picture',
  summary:
    "The image editor's save: the same form, the picture named by name (404 when none) shows the new file; the original upload is kept.",
  tag: 'inspections',
  access: access.store(ORDER_WRITE_ROLES),
  params: resultParams,
  response: ZInspectionResult,
});

export const deleteResultPictureRoute = defineRoute({
  id: 'inspections.deletePicture',
  method: 'DELETE',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/result/:resultId/picture/:pictureName',
  summary: 'Removes a picture of the result by name, with its files; answers the result.',
  tag: 'inspections',
  access: access.store(ORDER_WRITE_ROLES),
  params: resultParams.extend({ pictureName: ZMediaName }),
  response: ZInspectionResult,
});

export const addResultVideoRoute = defineRoute({
  id: 'inspections.addVideo',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/result/:resultId/video',
  summary:
    'multipart/form-data: text fields name, lastModified, duration first, then one MP4, MOV or WebM file of at most 52428800 bytes (413 beyond; 415 for anything else), streamed to storage. A name the result already has is ignored (200 with the result unchanged); else 201.',
  tag: 'inspections',
  access: access.store(ORDER_WRITE_ROLES),
  params: resultParams,
  response: ZInspectionResult,
  status: 201,
});

export const deleteResultVideoRoute = defineRoute({
  id: 'inspections.deleteVideo',
  method: 'DELETE',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/result/:resultId/video/:videoName',
  summary: 'Removes a video of the result by name, with its file; answers the result.',
  tag: 'inspections',
  access: access.store(ORDER_WRITE_ROLES),
  params: resultParams.extend({ videoName: ZMediaName }),
  response: ZInspectionResult,
});

export const inspectionRoutes = [
  listInspectionTypesRoute,
  getInspectionTypeRoute,
  orderInspectionRoute,
  listAutomaticSelectionsRoute,
  saveAutomaticSelectionRoute,
  listResultsRoute,
  createResultRoute,
  getResultRoute,
  updateResultRoute,
  deleteResultRoute,
  addResultPictureRoute,
  replaceResultPictureRoute,
  deleteResultPictureRoute,
  addResultVideoRoute,
  deleteResultVideoRoute,
] as const;
