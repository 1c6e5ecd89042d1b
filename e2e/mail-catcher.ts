import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the end-to-end run: the product sends its e-mail here over SMTP
 * (SMTP_URL), exactly as it would to a relay, and the specs read what arrived over HTTP.
 *
 *   SMTP  127.0.0.1:$E2E_SMTP_PORT   accepts any sender and recipient, no TLS, no auth needed
 *   HTTP  127.0.0.1:$E2E_MAIL_PORT   GET /health; GET /messages?to=<address> (newest last)
 *
 * Started by e2e/playwright.config.ts as a web server of its own.
 */

export interface CaughtMessage {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attachments, with their content as text (UTF-8). */
  attachments: Array<{ filename: string; contentType: string; content: string }>;
  receivedAt: string;
}

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.E2E_MAIL_PORT ?? 2580);
const messages: CaughtMessage[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        messages.push({
          id: messages.length + 1,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            content: a.content.toString('utf8'),
          })),
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    return;
  }
  res.writeHead(404).end();
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  http.listen(httpPort, '127.0.0.1');
});

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
