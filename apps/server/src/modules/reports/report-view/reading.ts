import { topics, type ConsumerReadingReport } from '@servicebay/domain';
import type { Db } from '../../../platform/db/client.js';
import { recordEvent } from '../../../platform/outbox/outbox.repository.js';
import type { ReadingChange } from '../report-view.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Records a reading-status change for the store's dashboards (docs/realtime.md). */
export async function announceReading(tx: Db, change: ReadingChange) {
  const payload: ConsumerReadingReport = {
    inspectionOrderId: change.id,
    status: change.status,
    lastViewed: iso(change.lastViewed),
  };
  await recordEvent(tx, topics.store(change.storeId).consumerReadingReport, payload);
}
