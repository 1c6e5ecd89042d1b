import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { MessageDeliveryError } from '../messages/delivery.js';
import {
  createSentMessagesRepository,
  type SentMessagesRepository,
} from '../messages/sent-messages.repository.js';
import { createMailProvider } from './index.js';

interface Received {
  mailFrom: string;
  rcptTo: string[];
  user: string | undefined;
  raw: string;
}

/** The headers of a received message, unfolded, by lower-case name. */
function headersOf(raw: string): Record<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return Object.fromEntries(
    head.split('\r\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
}

const received: Received[] = [];
// A real SMTP server in the test: nodemailer speaks the whole protocol to it, auth included.
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  // A reverse DNS lookup of 127.0.0.1 costs a second or more on some machines.
  disableReverseLookup: true,
  logger: false,
  onAuth(auth, _session, done) {
    if (auth.username === 'shop' && auth.password === 's3cret') done(null, { user: 'shop' });
    else done(new Error('Invalid username or password'));
  },
  onRcptTo(address: SMTPServerAddress, _session, done) {
    if (address.address.endsWith('@bounce.test')) {
      done(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }));
    } else done();
  },
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        rcptTo: session.envelope.rcptTo.map((r) => r.address),
        user: session.user as string | undefined,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      done();
    });
  },
});

let t: TestApp;
let repository: SentMessagesRepository;
let smtpUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://shop:s3cret@127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp({ smtpUrl, mailFrom: 'Garage Tremblay <service@garage.test>' });
  repository = createSentMessagesRepository(t.platform.database.db);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail over SMTP', () => {
  it('delivers to the SMTP server and records the message as sent', async () => {
    expect(t.platform.mail.kind).toBe('smtp');
    const store = await t.make.store();
    const result = await t.platform.mail.send({
      to: ' customer@example.test ',
      subject: 'Your vehicle report',
      text: 'Your 2019 Civic is ready.',
      html: '<p>Your <b>2019 Civic</b> is ready.</p>',
      storeId: store.id,
    });
    expect(result.status).toBe('sent');

    const message = received.at(-1)!;
    expect(message.user).toBe('shop');
    expect(message.mailFrom).toBe('service@garage.test');
    expect(message.rcptTo).toEqual(['customer@example.test']);
    const headers = headersOf(message.raw);
    expect(headers.to).toBe('customer@example.test');
    expect(headers.from).toBe('Garage Tremblay <service@garage.test>');
    expect(headers.subject).toBe('Your vehicle report');
    expect(headers['content-type']).toContain('multipart/alternative');
    expect(message.raw).toContain('Your 2019 Civic is ready.');
    expect(message.raw).toContain('<p>Your <b>2019 Civic</b> is ready.</p>');

    const row = await repository.find(result.id);
    expect(row).toMatchObject({
      channel: 'email',
      provider: 'smtp',
      storeId: store.id,
      to: 'customer@example.test',
      from: 'Garage Tremblay <service@garage.test>',
      subject: 'Your vehicle report',
      text: 'Your 2019 Civic is ready.',
      html: '<p>Your <b>2019 Civic</b> is ready.</p>',
      status: 'sent',
      error: null,
    });
    expect(row!.providerMessageId).toBe(headers['message-id']);
  });

  it('delivers attachments, text or bytes, and keeps what was attached', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Vidange à 10 h\r\nEND:VCALENDAR\r\n';
    const result = await t.platform.mail.send({
      to: 'customer@example.test',
      subject: 'Your appointment',
      text: 'See the attached calendar file.',
      attachments: [
        { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics },
        { filename: 'logo.png', contentType: 'image/png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      ],
    });
    const parsed = await simpleParser(received.at(-1)!.raw);
    expect(parsed.text?.trim()).toBe('See the attached calendar file.');
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['appointment.ics', 'text/calendar'],
      ['logo.png', 'image/png'],
    ]);
    expect(parsed.attachments[0]!.content.toString('utf8')).toBe(ics);
    expect([...parsed.attachments[1]!.content]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const row = await repository.find(result.id);
    expect(row!.attachments).toEqual([
      { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', size: Buffer.byteLength(ics), content: Buffer.from(ics).toString('base64') },
      { filename: 'logo.png', contentType: 'image/png', size: 4, content: 'iVBORw==' },
    ]);
  });

  it('refuses attachments that are not plain names and types, too many or too big, and sends nothing', async () => {
    const before = received.length;
    const base = { to: 'a@b.test', subject: 'Hi', text: 'Hi' };
    const file = { filename: 'a.ics', contentType: 'text/calendar', content: 'x' };
    const cases: Array<[object, string]> = [
      [{ attachments: [{ ...file, filename: '../etc/passwd' }] }, 'attachments.0.filename: must be a plain file name'],
      [{ attachments: [{ ...file, filename: 'a\r\nBcc: x@y.test' }] }, 'attachments.0.filename: must be a plain file name'],
      [{ attachments: [{ ...file, contentType: 'text/calendar\r\nX: y' }] }, 'attachments.0.contentType: must be a MIME type'],
      [{ attachments: Array(11).fill(file) }, 'attachments: at most 10 attachments'],
      [{ attachments: [{ ...file, content: Buffer.alloc(1024 * 1024 + 1) }] }, 'attachments: at most 1048576 bytes in all'],
    ];
    for (const [extra, message] of cases) {
      const error = await t.platform.mail.send({ ...base, ...extra }).catch((e: unknown) => e);
      expect((error as AppError).toResponse()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message });
    }
    expect(received.length).toBe(before);
  });

  it('records a refused recipient as failed and answers 502 without the server’s words', async () => {
    const before = received.length;
    const failure = await t.platform.mail
      .send({ to: 'nobody@bounce.test', subject: 'Hello', text: 'Hi' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MessageDeliveryError);
    const error = failure as MessageDeliveryError;
    expect(error.toResponse()).toEqual({
      status: 502,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The e-mail could not be sent',
    });
    expect(received.length).toBe(before);
    const row = await repository.find(error.sentMessageId);
    expect(row).toMatchObject({ provider: 'smtp', to: 'nobody@bounce.test', status: 'failed' });
    expect(row!.error).toContain('550');
  });

  it('records an unreachable SMTP server as failed', async () => {
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(resolve));

    const mail = createMailProvider(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'x@garage.test' },
      { repository, logger: t.platform.logger },
    );
    const error = (await mail
      .send({ to: 'customer@example.test', subject: 'Hi', text: 'Hi' })
      .catch((e: unknown) => e)) as MessageDeliveryError;
    expect(error).toBeInstanceOf(MessageDeliveryError);
    expect((await repository.find(error.sentMessageId))!.error).toMatch(/ECONNREFUSED/);
  });

  it('refuses bad input with 400 and records nothing', async () => {
    const { total } = await repository.list({ page: 0, size: 1 });
    const cases = [
      [{ to: 'not-an-address', subject: 'Hi', text: 'Hi' }, 'to: must be an e-mail address'],
      [{ to: 'a@b.test', subject: 'Hi\r\nBcc: all@b.test', text: 'Hi' }, 'subject: must be one line'],
      [{ to: 'a@b.test', subject: ' ', text: 'Hi' }, 'subject: must not be empty'],
      [{ to: 'a@b.test', subject: 'Hi', text: '' }, 'text: must not be empty'],
      [{ to: 'a@b.test', subject: 'Hi', text: 'Hi', storeId: 'store-1' }, 'storeId: must be an id'],
    ] as const;
    for (const [message, expected] of cases) {
      const error = await t.platform.mail.send(message).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).toResponse()).toEqual({
        status: 400,
        code: 'INVALID_ARGUMENTS',
        message: expected,
      });
    }
    expect((await repository.list({ page: 0, size: 1 })).total).toBe(total);
  });
});

describe('local mail outbox', () => {
  it('stores every message as sent, sending nothing', async () => {
    const mail = createMailProvider(
      { smtpUrl: undefined, mailFrom: 'ServiceBay <no-reply@servicebay.local>' },
      { repository, logger: t.platform.logger },
    );
    expect(mail.kind).toBe('local');
    const before = received.length;
    const result = await mail.send({ to: 'owner@example.test', subject: 'Estimate', text: 'Brakes: $420' });
    expect(result.status).toBe('sent');
    expect(received.length).toBe(before);
    expect(await repository.find(result.id)).toMatchObject({
      channel: 'email',
      provider: 'local',
      to: 'owner@example.test',
      from: 'ServiceBay <no-reply@servicebay.local>',
      subject: 'Estimate',
      text: 'Brakes: $420',
      html: null,
      attachments: [],
      status: 'sent',
      storeId: null,
    });
    const attached = await mail.send({ to: 'owner@example.test', subject: 'Visit', text: 'Calendar attached', attachments: [{ filename: 'visit.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }] });
    expect((await repository.find(attached.id))!.attachments).toEqual([
      { filename: 'visit.ics', contentType: 'text/calendar', size: 15, content: Buffer.from('BEGIN:VCALENDAR').toString('base64') },
    ]);
  });
});
