import { describe, expect, it } from 'vitest';
import { appointmentIcs, appointmentMessages, type AppointmentMailFacts } from './appointment-mail.js';

const FACTS: AppointmentMailFacts = {
  id: '7f1c8a4e-5d2b-4c3e-9a1f-0b2c3d4e5f60',
  scheduled: new Date('2026-12-01T15:00:00Z'),
  timeZone: 'America/Toronto',
  requestedServices: ['Front brake pads', 'Wipers; both, please'],
  notes: 'Rattle\nleft side',
  status: 'requested',
  sequence: 0,
  store: { name: 'Garage Tremblay', email: 'shop@garage.test', phoneNo: '(514) 555-0100', address: '12 Main St, Montréal, QC' },
  customer: { name: 'Jane Doe', email: 'jane@example.test', phoneNo: null },
  vehicle: '2019 Honda Civic',
};
const NOW = new Date('2026-11-28T12:34:56.789Z');

describe('the calendar file of an appointment', () => {
  it('is one event in UTC, escaped and folded as RFC 5545 says', () => {
    const ics = appointmentIcs(FACTS, 'Vehicle service at Garage Tremblay', 'Front brake pads, wipers; ok\nRattle', NOW);
    expect(ics.endsWith('\r\n')).toBe(true);
    const lines = ics.split('\r\n');
    expect(lines).toContain('DTSTART:20261201T150000Z');
    expect(lines).toContain('DTEND:20261201T153000Z');
    expect(lines).toContain('DTSTAMP:20261128T123456Z');
    expect(lines).toContain(`UID:${FACTS.id}@servicebay`);
    expect(lines).toContain('STATUS:TENTATIVE');
    expect(lines).toContain('LOCATION:12 Main St\\, Montréal\\, QC');
    expect(ics).toContain('DESCRIPTION:Front brake pads\\, wipers\\; ok\\nRattle');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('folds long lines without cutting a character, and unfolds to the same text', () => {
    const long = 'é'.repeat(100);
    const ics = appointmentIcs(FACTS, long, 'x', NOW);
    expect(ics).toMatch(/\r\n é/);
    for (const line of ics.split('\r\n')) expect(line).not.toContain('\uFFFD');
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:${long}`);
  });

  it('goes to the customer and the shop for a request, to the customer alone once confirmed, in the language asked', () => {
    const requested = appointmentMessages(FACTS, 'en', FACTS.id, NOW);
    expect(requested.map((m) => [m.audience, m.to])).toEqual([
      ['customer', 'jane@example.test'],
      ['shop', 'shop@garage.test'],
    ]);
    expect(requested[0]!.subject).toBe('Appointment request: Tuesday, December 1, 2026 at 10:00 AM');
    expect(requested[0]!.text).toContain('When: Tuesday, December 1, 2026, 10:00 AM to 10:30 AM');
    expect(requested[0]!.text).toContain('- Wipers; both, please');
    expect(requested[1]!.text).toContain('Customer: Jane Doe, jane@example.test');
    const confirmed = appointmentMessages({ ...FACTS, status: 'confirmed', sequence: 1 }, 'fr', FACTS.id, NOW);
    expect(confirmed.map((m) => m.audience)).toEqual(['customer']);
    expect(confirmed[0]!.subject).toMatch(/^Votre rendez-vous est confirmé : mardi 1 décembre 2026 à 10 h 00/);
    expect(String(confirmed[0]!.attachments![0]!.content)).toContain('STATUS:CONFIRMED');
    expect(appointmentMessages({ ...FACTS, customer: { ...FACTS.customer, email: null }, store: { ...FACTS.store, email: null } }, 'en', FACTS.id, NOW)).toEqual([]);
  });
});
