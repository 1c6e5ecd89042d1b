import pino from 'pino';
import { createMessagingService, type MessagingDeps } from '../../../apps/server/src/modules/messaging/messaging.service.js';
import type { Db } from '../../../apps/server/src/platform/db/client.js';
import type { ProbeOptions, ProbeResult } from '../scenario.js';
import { ensureTextingData, TEXTING_SHAPES, textingIds, type TextingStore } from '../targets/texting.js';
import { explainProbe } from './explain.js';

/** The reads never write nor send: an outbox, providers and mail that refuse, picture links left unsigned. */
function service(db: Db) {
  const refuse = () => Promise.reject(new Error('the bench reads only'));
  return createMessagingService({
    db,
    outbox: { transaction: refuse } as unknown as MessagingDeps['outbox'],
    sms: { kind: 'local', send: refuse } as unknown as MessagingDeps['sms'],
    mail: { send: refuse } as unknown as MessagingDeps['mail'],
    sentMessagesIn: (() => {
      throw new Error('the bench reads only');
    }) as MessagingDeps['sentMessagesIn'],
    setPermissionToText: refuse,
    link: (() => null) as MessagingDeps['link'],
    logger: pino({ level: 'silent' }),
    textingConfigured: true,
    customerSuccessEmail: 'bench@example.com',
  });
}

const n = (x: number) => x.toLocaleString('en-US');

/**
 * The conversation list's first page and the unread counts, as their handlers call the service,
 * in the large store (100,000 texts over 2,000 customers) and the small one (1,000 over 20), both
 * in the run's database (bench/sql/texting.sql).
 */
export async function textingExplainProbe(options: ProbeOptions): Promise<ProbeResult> {
  if (!options.runDatabase) throw new Error("the probe needs the run's PostgreSQL database");
  await ensureTextingData(options.runDatabase);
  const on = (size: TextingStore, call: (db: Db, storeId: string) => Promise<unknown>) => [
    (db: Db) => call(db, textingIds.store(size)),
  ];
  const bySize = (call: (db: Db, storeId: string) => Promise<unknown>) => ({ small: on('small', call), large: on('large', call) });
  const { large, small } = TEXTING_SHAPES;
  return explainProbe(
    { ...options, datasets: { small: options.runDatabase, large: options.runDatabase } },
    {
      id: 'texting-explain',
      labels: { small: `${small.texts / 1000}k-texts`, large: `${large.texts / 1000}k-texts` },
      intro:
        'texting-explain: shared buffers (hit + read) one call of the service reads, summed over the statements it sends ' +
        '(each replayed under EXPLAIN (ANALYZE, BUFFERS) in a rolled-back transaction); two stores of the run\'s database, ' +
        `${n(small.texts)} texts over ${n(small.customers)} customers and ${n(large.texts)} over ${n(large.customers)}, ` +
        'the same 15 unread and 5 failed conversations in each. The goal: within 1.5×.',
      cases: () =>
        Promise.resolve([
          {
            id: 'conversations',
            what: 'the conversation list, first page of 20',
            calls: [],
            callsBySize: bySize((db, storeId) => service(db).conversations(storeId, 0, 20)),
          },
          {
            id: 'unread',
            what: 'the unread counts (the badge)',
            calls: [],
            callsBySize: bySize((db, storeId) => service(db).unread(storeId)),
          },
        ]),
    },
  );
}
