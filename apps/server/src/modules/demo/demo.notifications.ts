import { NOTIFICATION_LIFETIME_MS } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { createNotificationsRepository } from '../notifications/notifications.repository.js';
import { createDemoRepository } from './demo.repository.js';

/** How many notifications the advisor starts with; all but the newest are read. */
export const DEMO_ADVISOR_NOTIFICATIONS = 2;

/**
 * The advisor's demo notifications (docs/notifications.md "Demo data"): two, the newest unread.
 * Jane's demo approvals (demo.reports.ts) made them already through the notifications' own
 * reactions when the seed ran with the services (main.ts drains the outbox first); without them
 * (tests seeding tables only) the same two are written here, as the reactions would have.
 */
export async function seedDemoNotifications(db: Db, now = new Date()): Promise<void> {
  const demo = createDemoRepository(db);
  const store = await demo.storeByName('Downtown');
  const advisor = await demo.userByUsername('advisor');
  if (!store || !advisor) return;
  const repo = createNotificationsRepository(db);
  const mine = () => repo.list(advisor.id, 100);
  let rows = await mine();
  if (rows.length < DEMO_ADVISOR_NOTIFICATIONS) {
    const found = await demo.ordersByNumbers(store.id, ['10260', '10261']);
    const orders = ['10260', '10261'].map((number) => found.find((o) => o.orderNumber === number));
    const jane = await demo.customerByEmail(store.id, 'jane@example.com');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const demoRows = [
      {
        kind: 'reportApproved',
        params: { signer: 'Jane Doe', order: orders[0]?.orderNumber ?? '10260', approved: 3, declined: 0 },
        inspectionOrderId: orders[0]?.id ?? null,
        customerId: null,
        createdAt: at(26 * 60),
      },
      {
        kind: 'inboundText',
        params: {
          customer: 'Jane Doe',
          order: orders[1]?.orderNumber ?? '10261',
          text: 'Great, can I come by at 5?',
        },
        inspectionOrderId: orders[1]?.id ?? null,
        customerId: jane?.id ?? null,
        createdAt: at(20),
      },
    ].slice(0, DEMO_ADVISOR_NOTIFICATIONS - rows.length);
    for (const [i, row] of demoRows.entries()) {
      await repo.insert({
        ...row,
        userId: advisor.id,
        storeId: store.id,
        sourceKey: `demo:${i}`,
        updatedAt: row.createdAt,
        expiresAt: new Date(row.createdAt.getTime() + NOTIFICATION_LIFETIME_MS),
      });
    }
    rows = await mine();
  }
  const newest = rows[0];
  if (!newest) return;
  await repo.readAllBut(advisor.id, newest.id);
}
