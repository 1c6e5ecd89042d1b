import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { inspectionResultMedia, inspectionResults } from '../inspections/inspections.schema.js';

/** A stored picture a customer or vehicle answer points at: a FileStore key and its name. */
export interface ShowcasePicture {
  key: string;
  name: string | null;
  /** Where the picture came from (the order's primary picture keeps its source). */
  source: string | null;
}

/**
 * The pictures customer and vehicle answers show beside their own: each customer's
 * `primaryPicture` (the primary picture of its newest repair order that has one) and each
 * vehicle's `latestInspectionPicture` (the newest picture taken on an inspection result of its
 * repair orders). Keyed by customer and vehicle id; ids without a picture are absent.
 */
export interface Showcase {
  customers: ReadonlyMap<string, ShowcasePicture>;
  vehicles: ReadonlyMap<string, ShowcasePicture>;
}

export const NO_SHOWCASE: Showcase = { customers: new Map(), vehicles: new Map() };

/**
 * Two queries at most per answer, each on the store's indexes: orders by (store_id, customer_id)
 * and (store_id, vehicle_id), results by (store_id, inspection_order_id), media by result_id.
 */
export function showcaseQueries(db: Db) {
  async function primaryPictures(storeId: string, customerIds: readonly string[]) {
    if (!customerIds.length) return new Map<string, ShowcasePicture>();
    const rows = await db
      .selectDistinctOn([inspectionOrders.customerId], {
        customerId: inspectionOrders.customerId,
        key: inspectionOrders.primaryPictureKey,
        name: inspectionOrders.primaryPictureName,
        source: inspectionOrders.primaryPictureSource,
      })
      .from(inspectionOrders)
      .where(
        and(
          eq(inspectionOrders.storeId, storeId),
          inArray(inspectionOrders.customerId, [...customerIds]),
          isNotNull(inspectionOrders.primaryPictureKey),
        ),
      )
      .orderBy(inspectionOrders.customerId, desc(inspectionOrders.createdAt), desc(inspectionOrders.id));
    return new Map(rows.flatMap((r) => (r.key ? [[r.customerId, { key: r.key, name: r.name, source: r.source }] as const] : [])));
  }

  async function latestInspectionPictures(storeId: string, vehicleIds: readonly string[]) {
    if (!vehicleIds.length) return new Map<string, ShowcasePicture>();
    const rows = await db
      .selectDistinctOn([inspectionOrders.vehicleId], {
        vehicleId: inspectionOrders.vehicleId,
        // The phone copy (640 px): the size a list or a card shows; the gallery copy for pictures
        // stored before there was one.
        phoneKey: inspectionResultMedia.phoneKey,
        key: inspectionResultMedia.galleryKey,
        fileKey: inspectionResultMedia.fileKey,
        name: inspectionResultMedia.name,
      })
      .from(inspectionResultMedia)
      .innerJoin(inspectionResults, eq(inspectionResults.id, inspectionResultMedia.resultId))
      .innerJoin(inspectionOrders, eq(inspectionOrders.id, inspectionResults.inspectionOrderId))
      .where(
        and(
          eq(inspectionOrders.storeId, storeId),
          eq(inspectionResults.storeId, storeId),
          eq(inspectionResultMedia.storeId, storeId),
          inArray(inspectionOrders.vehicleId, [...vehicleIds]),
          eq(inspectionResultMedia.kind, 'picture'),
        ),
      )
      .orderBy(inspectionOrders.vehicleId, desc(inspectionResultMedia.createdAt), desc(inspectionResultMedia.id));
    return new Map(rows.map((r) => [r.vehicleId, { key: r.phoneKey ?? r.key ?? r.fileKey, name: r.name, source: null }] as const));
  }

  return {
    async showcase(storeId: string, customerIds: readonly string[], vehicleIds: readonly string[]): Promise<Showcase> {
      const [customers, vehicles] = await Promise.all([
        primaryPictures(storeId, [...new Set(customerIds)]),
        latestInspectionPictures(storeId, [...new Set(vehicleIds)]),
      ]);
      return { customers, vehicles };
    },
  };
}
