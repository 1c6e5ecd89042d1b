import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { conversationListRoute, fillPath, topics, unreadTextMessagesRoute } from '@servicebay/domain';
import { migrateDatabase, openDatabase } from '../../../apps/server/src/platform/db/client.js';
import { TWILIO_INBOUND_PATH, twilioSignature } from '../../../apps/server/src/platform/sms/index.js';
import { tables } from '../../../apps/server/src/schema.js';
import { generatorSql, md5Uuid } from '../datasets.js';
import type { BenchEnv, Target } from '../scenario.js';
import { tokenOf } from './dataset.js';
import type { FanOutPlan } from './fanout.js';
import { startServiceBay } from './servicebay.js';

/**
 * The texting benchmarks' two stores (bench/sql/texting.sql), in the run's own database: the
 * issue's store (100,000 texts over 2,000 customers) and one with the same fifty texts per
 * customer, a hundred times fewer (1,000 over 20), that the EXPLAIN probe compares it with.
 */
export const TEXTING_SHAPES = {
  large: { customers: 2000, texts: 100_000 },
  small: { customers: 20, texts: 1000 },
} as const;
export type TextingStore = keyof typeof TEXTING_SHAPES;

/** The ids texting.sql gives (md5 of a name, as a uuid). */
export const textingIds = {
  store: (tag: TextingStore) => md5Uuid(`texting-store-${tag}`),
  user: (tag: TextingStore, u: number) => md5Uuid(`texting-user-${tag}-${u}`),
  customer: (tag: TextingStore, k: number) => md5Uuid(`texting-customer-${tag}-${k}`),
};

/** Customer k's mobile number as Twilio gives it (E.164): area 438 in the large store. */
export const textingPhone = (k: number) => `+1438555${String(k).padStart(4, '0')}`;

/**
 * Migrates the database and writes the two stores unless they are there (the run's database is
 * made fresh: the first texting scenario writes them, the others and the probe find them).
 * Answers the seconds it took, or null when they were there.
 */
export async function ensureTextingData(url: string): Promise<number | null> {
  const database = await openDatabase({ databaseUrl: url, dataDir: '', tables });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('select 1 from stores where id = $1', [textingIds.store('large')]);
    if (found.rowCount) return null;
    const started = performance.now();
    await client.query(
      generatorSql('texting.sql', {
        large_customers: TEXTING_SHAPES.large.customers,
        large_texts: TEXTING_SHAPES.large.texts,
        small_customers: TEXTING_SHAPES.small.customers,
        small_texts: TEXTING_SHAPES.small.texts,
      }),
    );
    await client.query('vacuum analyze stores, users, households, customers, vehicles, inspection_orders, text_messages, conversations');
    const seconds = (performance.now() - started) / 1000;
    console.log(`  texting data: ${TEXTING_SHAPES.large.texts.toLocaleString('en-US')} + ${TEXTING_SHAPES.small.texts.toLocaleString('en-US')} texts written in ${seconds.toFixed(1)} s`);
    return seconds;
  } finally {
    await client.end();
  }
}

/** The server on the run's database with the texting data, and an advisor's bearer header. */
async function onTextingData(env: BenchEnv, config: Record<string, string> = {}) {
  const sb = await startServiceBay(env, 'postgres', { config });
  try {
    await ensureTextingData(env.databaseUrl);
    const storeId = textingIds.store('large');
    return { sb, storeId, headers: await tokenOf(sb, textingIds.user('large', 1)) };
  } catch (error) {
    await sb.close();
    throw error;
  }
}

/** `GET /messaging/v1/store/{s}/conversation?page=0&size=20`: the dashboard's conversation list, first page. */
export async function conversationListTarget(env: BenchEnv): Promise<Target> {
  const { sb, storeId, headers } = await onTextingData(env);
  return {
    app: sb.app,
    request: { path: `${fillPath(conversationListRoute.path, { storeId })}?page=0&size=20`, headers },
    close: sb.close,
  };
}

/** `GET /messaging/v1/store/{s}/unread-text-message`: the unread badge's counts. */
export async function unreadCountsTarget(env: BenchEnv): Promise<Target> {
  const { sb, storeId, headers } = await onTextingData(env);
  return {
    app: sb.app,
    request: { path: fillPath(unreadTextMessagesRoute.path, { storeId }), headers },
    close: sb.close,
  };
}

export const TEXTING_FAN_OUT_SOCKETS = 200;
export const TEXTING_FAN_OUT_TEXTS = 20;

/** The server's public URL as Twilio signs it: the webhook's signature covers it. */
const PUBLIC_URL = 'https://texting.bench.example.com';
const AUTH_TOKEN = 'texting-bench-auth-token';

/**
 * The server with Twilio configured (its REST API unreachable: nothing is sent, an inbound text
 * needs no answer); the driver (targets/fanout.ts) opens the dashboards' sockets with the tokens
 * of the large store's five users, subscribed to the store's `messages/created`, and posts each
 * text as Twilio does, a form signed with the auth token (X-Twilio-Signature), from one customer
 * after another. The latency is from the POST to the `created` event on each socket.
 */
export async function textingFanOutTarget(env: BenchEnv): Promise<Target> {
  const { sb, storeId, headers } = await onTextingData(env, {
    TWILIO_ACCOUNT_SID: 'ACbench',
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: '+15145550199',
    TWILIO_BASE_URL: 'http://127.0.0.1:9',
    PUBLIC_URL,
  });
  const tokens: string[] = [];
  for (let u = 0; u < 5; u++) {
    const header = await tokenOf(sb, textingIds.user('large', u));
    tokens.push(header.authorization!.replace(/^Bearer /, ''));
  }
  const run = randomBytes(4).toString('hex');
  // Twilio's shape: SM and 32 hex digits.
  const sids = Array.from({ length: TEXTING_FAN_OUT_TEXTS }, (_, i) => `SM${run}${String(i).padStart(24, '0')}`);
  const plan: FanOutPlan = {
    tokens,
    topic: topics.store(storeId).messagesCreated,
    sockets: TEXTING_FAN_OUT_SOCKETS,
    orderId: storeId,
    idField: 'message.storeId',
    field: 'message.messageId',
    values: sids,
    label: { id: 'texting-ws', what: 'one inbound text (signed Twilio webhook)' },
    updates: sids.map((sid, i) => {
      // Customers 0-19, whose conversations are already unread or failed: the texts add to their
      // counts without adding conversations to count, so the probe after it reads what it would.
      const form = { MessageSid: sid, AccountSid: 'ACbench', From: textingPhone(i), To: '+15145550199', Body: `Is my car ready? (${i + 1})` };
      return {
        method: 'POST' as const,
        path: TWILIO_INBOUND_PATH,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${TWILIO_INBOUND_PATH}`, form),
        },
        body: new URLSearchParams(form).toString(),
      };
    }),
  };
  return {
    app: sb.app,
    // The preflight: the store's conversation list answers.
    request: { path: `${fillPath(conversationListRoute.path, { storeId })}?page=0&size=20`, headers, data: plan as unknown as Record<string, unknown> },
    close: sb.close,
  };
}
