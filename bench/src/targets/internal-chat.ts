import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { fillPath, internalChatHistoryRoute, internalChatLoginRoute, internalChatSendRoute, topics } from '@servicebay/domain';
import { md5Uuid } from '../datasets.js';
import type { BenchEnv, Target } from '../scenario.js';
import { tokenOf } from './dataset.js';
import type { FanOutPlan } from './fanout.js';
import { startServiceBay } from './servicebay.js';
import { ensureTextingData, textingIds } from './texting.js';

/**
 * The shop chat's benchmarks (docs/internal-chat.md), on the texting data's large store
 * (bench/sql/texting.sql) with its chat switched on: one open order whose channel holds 10,000
 * messages between its five workers, written in SQL once per run.
 */
export const CHAT_HISTORY_MESSAGES = 10_000;
export const CHAT_FAN_OUT_SOCKETS = 50;
export const CHAT_FAN_OUT_MESSAGES = 20;

const orderId = () => md5Uuid('texting-order-large-0');

async function ensureChatData(url: string): Promise<void> {
  await ensureTextingData(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const storeId = textingIds.store('large');
    await client.query(`update stores set settings = settings || '{"internalChatEnabled": true, "internalChatWorkspaceId": "bench"}'::jsonb where id = $1`, [storeId]);
    const found = await client.query('select 1 from internal_chat_channels where inspection_order_id = $1', [orderId()]);
    if (found.rowCount) return;
    const started = performance.now();
    const channel = await client.query<{ id: string }>(
      `insert into internal_chat_channels (store_id, inspection_order_id, last_message_index, last_text, last_sender, last_message_at)
       values ($1, $2, $3::int, $4, 'Staff1 Large', timestamptz '2026-11-30 12:00Z') returning id`,
      [storeId, orderId(), CHAT_HISTORY_MESSAGES, `message ${CHAT_HISTORY_MESSAGES}`],
    );
    const users = [0, 1, 2, 3, 4].map((u) => textingIds.user('large', u));
    await client.query(
      `insert into internal_chat_messages (store_id, channel_id, idx, sender_id, sender_name, text, created_at)
       select $1, $2, i, ($3::uuid[])[1 + i % 5], 'Staff' || (i % 5) || ' Large', 'message ' || i,
              timestamptz '2026-11-30 12:00Z' - ($4::int - i) * interval '1 minute'
         from generate_series(1, $4::int) i`,
      [storeId, channel.rows[0]!.id, users, CHAT_HISTORY_MESSAGES],
    );
    await client.query('vacuum analyze internal_chat_channels, internal_chat_messages');
    console.log(`  chat data: ${CHAT_HISTORY_MESSAGES.toLocaleString('en-US')} messages written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/** The server on the chat data, and a worker's bearer and chat token headers (the chat's login route). */
async function onChatData(env: BenchEnv, user = 1) {
  const sb = await startServiceBay(env, 'postgres');
  try {
    await ensureChatData(env.databaseUrl);
    const storeId = textingIds.store('large');
    const bearer = await tokenOf(sb, textingIds.user('large', user));
    const login = await sb.app.inject({
      method: 'POST',
      url: internalChatLoginRoute.path,
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ storeId }),
    });
    if (login.statusCode !== 200) throw new Error(`chat login answered ${login.statusCode}: ${login.body}`);
    const chat = { ...bearer, 'x-chat-token': (login.json() as { token: string }).token };
    return { sb, storeId, headers: chat };
  } catch (error) {
    await sb.close();
    throw error;
  }
}

/** `GET .../inspectionOrder/{o}/message?before=5000`: a page of 20 from the middle of 10,000 messages. */
export async function chatHistoryTarget(env: BenchEnv): Promise<Target> {
  const { sb, storeId, headers } = await onChatData(env);
  return {
    app: sb.app,
    request: { path: `${fillPath(internalChatHistoryRoute.path, { storeId, inspectionOrderId: orderId() })}?before=5000`, headers },
    close: sb.close,
  };
}

/**
 * One chat message, posted through the send route by a technician, delivered to 50 sockets of the
 * store's workers subscribed to `internalChat/messages/created`; the latency is from the POST to
 * the event on each socket (targets/fanout.ts).
 */
export async function chatFanOutTarget(env: BenchEnv): Promise<Target> {
  const { sb, storeId, headers } = await onChatData(env, 3);
  const tokens: string[] = [];
  for (const u of [0, 1, 2, 4]) tokens.push((await tokenOf(sb, textingIds.user('large', u))).authorization!.replace(/^Bearer /, ''));
  const run = randomBytes(4).toString('hex');
  const ids = Array.from({ length: CHAT_FAN_OUT_MESSAGES }, (_, i) => `bench-${run}-${i}`);
  const path = fillPath(internalChatSendRoute.path, { storeId, inspectionOrderId: orderId() });
  const plan: FanOutPlan = {
    tokens,
    topic: topics.store(storeId).internalChatMessagesCreated,
    sockets: CHAT_FAN_OUT_SOCKETS,
    orderId: orderId(),
    idField: 'message.repairOrderId',
    field: 'message.clientMessageId',
    values: ids,
    label: { id: 'chat-ws', what: 'one shop chat message (POST .../message)' },
    updates: ids.map((clientMessageId, i) => ({
      method: 'POST' as const,
      path,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `Bench message ${i + 1}`, clientMessageId }),
    })),
  };
  return {
    app: sb.app,
    request: { path: `${fillPath(internalChatHistoryRoute.path, { storeId, inspectionOrderId: orderId() })}`, headers, data: plan as unknown as Record<string, unknown> },
    close: sb.close,
  };
}
