import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './staff.js';

/** A message of the development outbox, as `GET /v2/api/dev/outbox` lists it. */
export interface OutboxItem {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  hasHtml: boolean;
  status: string;
  createdAt: string;
}

// The outbox is for a signed-in root user only: root signs in once per worker, and again before
// its access token (15 minutes) runs out.
const TOKEN_REUSE_MS = 10 * 60_000;
let rootToken: { token: string; at: number } | null = null;

async function rootBearer(request: APIRequestContext): Promise<string> {
  if (!rootToken || Date.now() - rootToken.at > TOKEN_REUSE_MS) {
    const login = await request.post('/v2/api/user/login', {
      data: { username: 'root', password: DEMO_PASSWORD },
    });
    expect(login.status(), 'root signs in to read the outbox').toBe(200);
    rootToken = { token: ((await login.json()) as { token: string }).token, at: Date.now() };
  }
  return rootToken.token;
}

/** The outbox's newest messages (e-mails by default), read with root's token. */
export async function readOutbox(
  request: APIRequestContext,
  query: { channel?: 'email' | 'sms'; size?: number } = { channel: 'email', size: 100 },
): Promise<OutboxItem[]> {
  const params: Record<string, string> = { size: String(query.size ?? 100) };
  if (query.channel) params.channel = query.channel;
  const answer = await request.get('/v2/api/dev/outbox', {
    headers: { Authorization: `Bearer ${await rootBearer(request)}` },
    params,
  });
  expect(
    answer.status(),
    `GET /v2/api/dev/outbox: ${answer.status() === 200 ? '' : await answer.text()}`,
  ).toBe(200);
  return ((await answer.json()) as { items: OutboxItem[] }).items;
}

/**
 * Answers the newest text of the outbox sent to `to` (E.164) as its recipient, through the local
 * gateway's reply route (root only): the gateway signs the answer and posts it to the Twilio
 * inbound webhook, which handles it as a customer's text (docs/texting.md "The local gateway").
 */
export async function answerAsCustomer(request: APIRequestContext, to: string, text: string): Promise<void> {
  let sent: OutboxItem | undefined;
  await expect
    .poll(
      async () => {
        sent = (await readOutbox(request, { channel: 'sms', size: 100 })).find((m) => m.to === to);
        return Boolean(sent);
      },
      { message: `a text to ${to} in the outbox` },
    )
    .toBe(true);
  const answer = await request.post(`/v2/api/dev/outbox/${sent!.id}/reply`, {
    headers: { Authorization: `Bearer ${await rootBearer(request)}` },
    data: { text },
  });
  expect(answer.status(), `POST /v2/api/dev/outbox/${sent!.id}/reply: ${await answer.text()}`).toBe(200);
}
