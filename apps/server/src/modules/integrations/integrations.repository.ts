import { and, eq, lt } from 'drizzle-orm';
import type { WorkOrderTextField } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { workOrderLinks, workOrderWebhookReceipts } from './integrations.schema.js';

const LINK_COLUMN: Record<WorkOrderTextField, 'footerTitle' | 'footerDescription' | 'headerDescription'> = {
  footerTitle: 'footerTitle',
  footerDescription: 'footerDescription',
  headerDescription: 'headerDescription',
};

/** Which work order holds a ticket's work, and the webhook receipts (docs/integrations.md). */
export function createIntegrationsRepository(db: Db) {
  return {
    async linkOf(storeId: string, orderId: string) {
      const [link] = await db
        .select()
        .from(workOrderLinks)
        .where(and(eq(workOrderLinks.storeId, storeId), eq(workOrderLinks.inspectionOrderId, orderId)));
      return link ?? null;
    },

    async linkByWorkOrder(storeId: string, workOrderId: string) {
      const [link] = await db
        .select()
        .from(workOrderLinks)
        .where(and(eq(workOrderLinks.storeId, storeId), eq(workOrderLinks.workOrderId, workOrderId)));
      return link ?? null;
    },

    async remember(storeId: string, orderId: string, workOrderId: string, at: Date) {
      await db
        .insert(workOrderLinks)
        .values({ storeId, inspectionOrderId: orderId, workOrderId, syncedAt: at })
        .onConflictDoUpdate({ target: workOrderLinks.inspectionOrderId, set: { workOrderId, syncedAt: at } });
    },

    /**
     * Takes a webhook's text once: false when its signature was seen before (a replay), and
     * nothing is written then. Receipts older than `forgetBefore` are dropped on the way.
     */
    async takeWebhookText(storeId: string, signature: string, orderId: string, field: WorkOrderTextField, value: string, forgetBefore: Date) {
      return db.transaction(async (tx) => {
        await tx.delete(workOrderWebhookReceipts).where(lt(workOrderWebhookReceipts.receivedAt, forgetBefore));
        const inserted = await tx.insert(workOrderWebhookReceipts).values({ storeId, signature }).onConflictDoNothing().returning();
        if (inserted.length === 0) return false;
        await tx
          .update(workOrderLinks)
          .set({ [LINK_COLUMN[field]]: value })
          .where(and(eq(workOrderLinks.storeId, storeId), eq(workOrderLinks.inspectionOrderId, orderId)));
        return true;
      });
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
