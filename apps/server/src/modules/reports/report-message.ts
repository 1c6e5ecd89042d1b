import { SMS_MAX_LENGTH } from '../../platform/sms/sms.js';
import { translate } from '../../platform/i18n/translate.js';
import type { Language, MaintenanceDue, ReportNotification } from '@servicebay/domain';

/** What a report message is made of (docs/reports.md "The message"). */
export interface ReportMessageInput {
  language: Language;
  notification: ReportNotification;
  store: { name: string; phoneNo: string | null };
  workerName: string;
  customerName: string | null;
  /** '2019 Honda Civic', or '' when unknown. */
  vehicle: string;
  subjectLine: string;
  messageText: string;
  url: string;
  maintenance: MaintenanceDue[];
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The advisor's text as HTML paragraphs, line breaks kept. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * The e-mail: a text part and a simple HTML part (no logo, no remote images) in the customer's
 * language: greeting, the advisor's message, the report button, the maintenance due, the
 * advisor's name and the shop's name and phone.
 */
export function reportEmail(input: ReportMessageInput) {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(input.language, `email:${key}`, vars);
  const greeting = input.customerName ? t('greeting', { name: input.customerName }) : t('greetingNoName');
  const button = t(input.notification === 'repairComplete' ? 'report.repairButton' : 'report.button');
  const signed = t('report.signedBy', { worker: input.workerName, store: input.store.name });
  const phone = input.store.phoneNo ? t('report.phone', { phone: input.store.phoneNo }) : null;
  const footer = t('report.footer', {
    store: input.store.name,
    vehicle: input.vehicle ? ` (${input.vehicle})` : '',
  });
  const maintenance = input.maintenance.map((due) => ({
    heading: t('report.maintenanceAt', {
      mileage: due.atMileage.toLocaleString(input.language === 'fr' ? 'fr-CA' : 'en-US'),
    }),
    services: due.services.map((s) => `${s.operation} ${s.item}`),
  }));

  const text = [
    greeting,
    '',
    input.messageText,
    '',
    t('report.linkText', { url: input.url }),
    ...(maintenance.length
      ? [
          '',
          t('report.maintenanceTitle'),
          ...maintenance.flatMap((m) => [m.heading, ...m.services.map((s) => `- ${s}`)]),
        ]
      : []),
    '',
    signed,
    ...(phone ? [phone] : []),
    '',
    footer,
  ].join('\n');

  const html = `<!doctype html>
<html lang="${input.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(input.subjectLine)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 20px">${escapeHtml(input.store.name)}</h1>
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${paragraphs(input.messageText)}
<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#1864ab;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px">${escapeHtml(button)}</a></p>
${
  maintenance.length
    ? `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(t('report.maintenanceTitle'))}</h2>${maintenance
        .map(
          (m) =>
            `<p style="margin:8px 0 4px;font-weight:bold">${escapeHtml(m.heading)}</p><ul style="margin:0 0 8px;padding-left:20px">${m.services.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`,
        )
        .join('')}`
    : ''
}
<p style="margin:24px 0 0">${escapeHtml(signed)}${phone ? `<br>${escapeHtml(phone)}` : ''}</p>
</div>
<p style="font-size:12px;color:#495057;margin:16px 8px 0">${escapeHtml(footer)}</p>
<p style="font-size:12px;color:#495057;margin:8px 8px 0;word-break:break-all">${escapeHtml(input.url)}</p>
</div>
</body>
</html>`;
  return { subject: input.subjectLine, text, html };
}

/** The text: the shop's name, the advisor's message (shortened to fit one text) and the link. */
export function reportSms(input: ReportMessageInput): string {
  const link = `\n${input.url}`;
  const frame = translate(input.language, 'email:report.sms', { store: input.store.name, message: '' });
  const room = SMS_MAX_LENGTH - frame.length - link.length;
  const message =
    input.messageText.length > room
      ? `${input.messageText.slice(0, Math.max(0, room - 1))}…`
      : input.messageText;
  return translate(input.language, 'email:report.sms', { store: input.store.name, message }) + link;
}
