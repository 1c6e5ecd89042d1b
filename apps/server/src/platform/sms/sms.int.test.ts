import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { MessageDeliveryError } from '../messages/delivery.js';
import {
  createSentMessagesRepository,
  type SentMessagesRepository,
} from '../messages/sent-messages.repository.js';
import { createSmsProvider } from './index.js';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token';

interface TwilioRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

/**
 * A local server speaking Twilio's Messages REST shape. What it answers depends on the number, the
 * way Twilio's magic test numbers do.
 */
const requests: TwilioRequest[] = [];
const answers: Record<string, { status: number; body: object }> = {
  '+15145550100': { status: 201, body: { status: 'queued' } },
  '+15145550101': { status: 201, body: { status: 'sent' } },
  '+15145550102': {
    status: 400,
    body: {
      code: 21211,
      message: "The 'To' number +15145550102 is not a valid phone number.",
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status: 400,
    },
  },
  '+15145550103': {
    status: 201,
    body: { status: 'failed', error_code: 30007, error_message: 'Message filtered by the carrier' },
  },
};
let nextSid = 1;
const twilio: Server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push({ method: req.method!, url: req.url!, headers: req.headers, form });
    const reply = (status: number, payload: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const expected = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return reply(401, { code: 20003, message: 'Authenticate', more_info: '', status: 401 });
    }
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`) {
      return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    const answer = answers[form.To!] ?? answers['+15145550100']!;
    if (answer.status >= 400) return reply(answer.status, answer.body);
    const sid = `SM${String(nextSid++).padStart(32, '0')}`;
    return reply(201, {
      sid,
      account_sid: SID,
      to: form.To,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body,
      error_code: null,
      error_message: null,
      ...answer.body,
    });
  });
});

let t: TestApp;
let repository: SentMessagesRepository;
let baseUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;
  t = await createTestApp({
    twilio: { accountSid: SID, authToken: TOKEN, from: '+14385550199', baseUrl },
    publicUrl: 'https://shop.servicebay.test',
  });
  repository = createSentMessagesRepository(t.platform.database.db);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => twilio.close(() => resolve()));
});

const deps = () => ({ repository, logger: t.platform.logger });
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('Twilio adapter', () => {
  it('posts the form to the Messages resource with Basic auth and records the sid', async () => {
    expect(t.platform.sms.kind).toBe('twilio');
    const store = await t.make.store();
    const result = await t.platform.sms.send({
      to: '(514) 555-0100',
      text: 'Your vehicle is ready: https://x.test/r/1',
      storeId: store.id,
    });
    expect(result.status).toBe('queued');

    const request = requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({
      To: '+15145550100',
      From: '+14385550199',
      Body: 'Your vehicle is ready: https://x.test/r/1',
      StatusCallback: 'https://shop.servicebay.test/v2/webhooks/twilio/status',
    });

    const row = await repository.find(result.id);
    expect(row).toMatchObject({
      channel: 'sms',
      provider: 'twilio',
      storeId: store.id,
      to: '+15145550100',
      from: '+14385550199',
      subject: null,
      text: 'Your vehicle is ready: https://x.test/r/1',
      status: 'queued',
      error: null,
    });
    expect(row!.providerMessageId).toMatch(/^SM\d{32}$/);
  });

  it('maps the status Twilio answers with', async () => {
    const result = await t.platform.sms.send({ to: '514-555-0101', text: 'Sent already' });
    expect(result.status).toBe('sent');
    expect((await repository.find(result.id))!.status).toBe('sent');
  });

  it('records an error answer as failed and answers 502 without Twilio’s words', async () => {
    const error = (await failureOf(
      t.platform.sms.send({ to: '5145550102', text: 'Hi' }),
    )) as MessageDeliveryError;
    expect(error).toBeInstanceOf(MessageDeliveryError);
    expect(error.toResponse()).toEqual({
      status: 502,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The text message could not be sent',
    });
    expect(await repository.find(error.sentMessageId)).toMatchObject({
      provider: 'twilio',
      to: '+15145550102',
      status: 'failed',
      providerMessageId: null,
      error: "Twilio 21211: The 'To' number +15145550102 is not a valid phone number. (HTTP 400)",
    });
  });

  it('records a message Twilio took but failed at once as failed, with its error code', async () => {
    const error = (await failureOf(
      t.platform.sms.send({ to: '5145550103', text: 'Hi' }),
    )) as MessageDeliveryError;
    expect(error).toBeInstanceOf(MessageDeliveryError);
    const row = await repository.find(error.sentMessageId);
    expect(row).toMatchObject({ status: 'failed', error: 'Twilio 30007: Message filtered by the carrier' });
    expect(row!.providerMessageId).toMatch(/^SM/);
  });

  it('records refused credentials as failed', async () => {
    const sms = createSmsProvider(
      {
        twilio: { accountSid: SID, authToken: 'wrong', from: '+14385550199', baseUrl },
        publicUrl: 'http://localhost:8080',
      },
      deps(),
    );
    const error = (await failureOf(sms.send({ to: '5145550100', text: 'Hi' }))) as MessageDeliveryError;
    expect((await repository.find(error.sentMessageId))!.error).toBe('Twilio 20003: Authenticate (HTTP 401)');
  });

  it('records an unreachable Twilio as failed', async () => {
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const closedPort = (gone.address() as AddressInfo).port;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    const sms = createSmsProvider(
      {
        twilio: {
          accountSid: SID,
          authToken: TOKEN,
          from: '+14385550199',
          baseUrl: `http://127.0.0.1:${closedPort}`,
        },
        publicUrl: 'http://localhost:8080',
      },
      deps(),
    );
    const error = (await failureOf(sms.send({ to: '5145550100', text: 'Hi' }))) as MessageDeliveryError;
    expect(error).toBeInstanceOf(MessageDeliveryError);
    expect((await repository.find(error.sentMessageId))!.error).toMatch(
      /^Twilio unreachable: .*ECONNREFUSED/,
    );
  });

  it('sends through a Messaging Service, and asks for no status callback Twilio could not reach', async () => {
    const sms = createSmsProvider(
      {
        twilio: { accountSid: SID, authToken: TOKEN, from: 'MG0123456789abcdef0123456789abcdef', baseUrl },
        publicUrl: 'http://localhost:8080',
      },
      deps(),
    );
    await sms.send({ to: '+1 514 555 0100', text: 'Hi' });
    expect(requests.at(-1)!.form).toEqual({
      To: '+15145550100',
      MessagingServiceSid: 'MG0123456789abcdef0123456789abcdef',
      Body: 'Hi',
    });
  });

  it('refuses a number that is not one, or an empty text, with 400, and records nothing', async () => {
    const { total } = await repository.list({ page: 0, size: 1 });
    const sent = requests.length;
    const cases = [
      [{ to: '555-0100', text: 'Hi' }, 'to: must be a phone number'],
      [{ to: 'call me', text: 'Hi' }, 'to: must be a phone number'],
      [{ to: '5145550100', text: '   ' }, 'text: must not be empty'],
      [{ to: '5145550100', text: 'x'.repeat(1601) }, 'text: must be at most 1600 characters'],
    ] as const;
    for (const [message, expected] of cases) {
      const error = await failureOf(t.platform.sms.send(message));
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).toResponse()).toEqual({
        status: 400,
        code: 'INVALID_ARGUMENTS',
        message: expected,
      });
    }
    expect(requests.length).toBe(sent);
    expect((await repository.list({ page: 0, size: 1 })).total).toBe(total);
  });
});

describe('local SMS outbox', () => {
  it('stores every text as sent in E.164, sending nothing', async () => {
    const sms = createSmsProvider({ twilio: undefined, publicUrl: 'http://localhost:8080' }, deps());
    expect(sms.kind).toBe('local');
    const sent = requests.length;
    const result = await sms.send({ to: '(438) 555-0123', text: 'Your car is ready' });
    expect(result.status).toBe('sent');
    expect(requests.length).toBe(sent);
    expect(await repository.find(result.id)).toMatchObject({
      channel: 'sms',
      provider: 'local',
      to: '+14385550123',
      from: 'ServiceBay',
      text: 'Your car is ready',
      status: 'sent',
    });
  });
});
