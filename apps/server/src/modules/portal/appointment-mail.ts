import { APPOINTMENT_SLOT_MINUTES, type Language } from '@servicebay/domain';
import { translate } from '../../platform/i18n/translate.js';
import type { MailMessage } from '../../platform/mail/index.js';

/** What an appointment e-mail tells: the appointment, the shop, the customer and the vehicle. */
export interface AppointmentMailFacts {
  id: string;
  scheduled: Date;
  timeZone: string;
  requestedServices: string[];
  notes: string;
  status: 'requested' | 'confirmed';
  /** Bumped each time the calendar entry changes, so calendars replace the earlier one. */
  sequence: number;
  store: { name: string; email: string | null; phoneNo: string | null; address: string | null };
  customer: { name: string; email: string | null; phoneNo: string | null };
  vehicle: string | null;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** A text value of a calendar line: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
const icsText = (v: string) => v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets folded with CRLF and a space (RFC 5545 3.1), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The calendar file of an appointment: one event in UTC, tentative until the shop confirms it. */
export function appointmentIcs(facts: AppointmentMailFacts, summary: string, description: string, now: Date): string {
  const end = new Date(facts.scheduled.getTime() + APPOINTMENT_SLOT_MINUTES * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ServiceBay//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${facts.id}@servicebay`,
    `SEQUENCE:${facts.sequence}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(facts.scheduled)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${icsText(summary)}`,
    ...(facts.store.address ? [`LOCATION:${icsText(facts.store.address)}`] : []),
    `DESCRIPTION:${icsText(description)}`,
    `STATUS:${facts.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

function when(facts: AppointmentMailFacts, language: Language) {
  const locale = language === 'fr' ? 'fr-CA' : 'en-US';
  const end = new Date(facts.scheduled.getTime() + APPOINTMENT_SLOT_MINUTES * 60_000);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: facts.timeZone }).format(facts.scheduled);
  const time = (d: Date) => new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: facts.timeZone }).format(d);
  return { date, time: time(facts.scheduled), end: time(end) };
}

/**
 * The e-mails of an appointment, each with its .ics: to the customer (request received, or
 * confirmed) and, for a new request, to the shop. A missing address sends nothing to that side.
 */
export function appointmentMessages(
  facts: AppointmentMailFacts,
  language: Language,
  storeId: string,
  now: Date,
): Array<MailMessage & { audience: 'customer' | 'shop' }> {
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(language, `email:appointment.${key}`, vars);
  const w = when(facts, language);
  const vehicle = facts.vehicle ?? t('aVehicle');
  const details = [
    t('when', w),
    t('vehicle', { vehicle }),
    facts.requestedServices.length ? [t('services'), ...facts.requestedServices.map((s) => `- ${s}`)].join('\n') : t('noServices'),
    ...(facts.notes ? [t('notes', { notes: facts.notes })] : []),
  ];
  const contact = [facts.customer.name, facts.customer.email, facts.customer.phoneNo].filter(Boolean).join(', ');
  const file = (summary: string, description: string) => ({
    filename: 'appointment.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: appointmentIcs(facts, summary, description, now),
  });
  const messages: Array<MailMessage & { audience: 'customer' | 'shop' }> = [];
  if (facts.customer.email) {
    const confirmed = facts.status === 'confirmed';
    const text = [
      facts.customer.name ? translate(language, 'email:greeting', { name: facts.customer.name }) : translate(language, 'email:greetingNoName'),
      '',
      t(confirmed ? 'confirmedIntro' : 'requestedIntro', { store: facts.store.name }),
      '',
      ...details,
      '',
      t('calendar'),
      '',
      [facts.store.name, facts.store.phoneNo, facts.store.address].filter(Boolean).join(' · '),
    ].join('\n');
    messages.push({
      audience: 'customer',
      to: facts.customer.email,
      subject: t(confirmed ? 'confirmedSubject' : 'requestedSubject', w),
      text,
      storeId,
      attachments: [file(t('eventTitle', { store: facts.store.name }), details.join('\n'))],
    });
  }
  if (facts.store.email && facts.status === 'requested') {
    const text = [t('shopIntro', { customer: facts.customer.name }), '', ...details, t('customer', { contact }), '', t('calendar')].join('\n');
    messages.push({
      audience: 'shop',
      to: facts.store.email,
      subject: t('shopSubject', { customer: facts.customer.name, ...w }),
      text,
      storeId,
      attachments: [file(t('shopEventTitle', { customer: facts.customer.name, vehicle }), [...details, t('customer', { contact })].join('\n'))],
    });
  }
  return messages;
}
