import { describe, expect, it } from 'vitest';
import {
  TEXT_DELIVERY_STATUSES,
  consentKeyword,
  deliveryRank,
  quietHoursEnd,
  textDeliveryStatusOfTwilio,
  textStatus,
  textStatusGroup,
} from './texting.js';

describe('text status groups', () => {
  it('groups delivered as final, undelivered and failed as failed, every other as pending', () => {
    const groups = Object.fromEntries(TEXT_DELIVERY_STATUSES.map((s) => [s, textStatusGroup(s)]));
    expect(groups).toEqual({
      scheduled: 'pending',
      accepted: 'pending',
      queued: 'pending',
      sending: 'pending',
      sent: 'pending',
      delivered: 'final',
      undelivered: 'failed',
      failed: 'failed',
      receiving: 'pending',
      received: 'pending',
    });
  });

  it('keeps undelivered apart on the wire', () => {
    expect(textStatus('undelivered')).toBe('undelivered');
    expect(textStatus('failed')).toBe('failed');
    expect(textStatus('delivered')).toBe('final');
    expect(textStatus('sending')).toBe('pending');
  });

  it('maps Twilio words, unknown ones as queued', () => {
    expect(textDeliveryStatusOfTwilio('delivered')).toBe('delivered');
    expect(textDeliveryStatusOfTwilio('read')).toBe('delivered');
    expect(textDeliveryStatusOfTwilio('canceled')).toBe('failed');
    expect(textDeliveryStatusOfTwilio('undelivered')).toBe('undelivered');
    expect(textDeliveryStatusOfTwilio('whatever')).toBe('queued');
    expect(textDeliveryStatusOfTwilio(undefined)).toBe('queued');
  });

  it('ranks statuses so a late callback never goes back', () => {
    expect(deliveryRank('queued')).toBeLessThan(deliveryRank('sent'));
    expect(deliveryRank('sent')).toBeLessThan(deliveryRank('delivered'));
    expect(deliveryRank('delivered')).toBe(deliveryRank('failed'));
  });
});

describe('consent keywords', () => {
  it.each([
    ['STOP', 'stop'],
    ['stop', 'stop'],
    [' Stop. ', 'stop'],
    ['STOPALL', 'stop'],
    ['unsubscribe', 'stop'],
    ['Cancel', 'stop'],
    ['END', 'stop'],
    ['quit!', 'stop'],
    ['arret', 'stop'],
    ['Arrêt', 'stop'],
    ['ARRÊT', 'stop'],
    ['START', 'start'],
    ['unstop', 'start'],
    ['Yes', 'start'],
    ['HELP', 'help'],
    ['aide', 'help'],
  ])('%s is %s', (text, keyword) => {
    expect(consentKeyword(text)).toBe(keyword);
  });

  it.each(['Please stop by at noon', 'yes please', 'STOP IT', '', 'Thanks'])('%s is a message', (text) => {
    expect(consentKeyword(text)).toBeNull();
  });
});

describe('quiet hours', () => {
  const zone = 'America/Toronto';
  it('lets texts go between 08:00 and 21:00', () => {
    expect(quietHoursEnd(new Date('2026-06-10T12:00:00Z'), zone)).toBeNull(); // 08:00 EDT
    expect(quietHoursEnd(new Date('2026-06-11T00:59:00Z'), zone)).toBeNull(); // 20:59 EDT
  });

  it('holds them from 21:00 to the next 08:00', () => {
    expect(quietHoursEnd(new Date('2026-06-11T01:00:00Z'), zone)?.toISOString()).toBe('2026-06-11T12:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-06-11T06:30:00Z'), zone)?.toISOString()).toBe('2026-06-11T12:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-06-11T11:59:00Z'), zone)?.toISOString()).toBe('2026-06-11T12:00:00.000Z');
  });

  it('ends at 08:00 local across a clock change', () => {
    // 21:30 EST on Saturday 7 March 2026; the clocks spring forward that night.
    expect(quietHoursEnd(new Date('2026-03-08T02:30:00Z'), zone)?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-01-15T03:00:00Z'), 'Europe/Paris')?.toISOString()).toBe('2026-01-15T07:00:00.000Z');
  });
});
