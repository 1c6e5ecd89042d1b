import { describe, expect, it } from 'vitest';
import { statusCallbackFor } from './index.js';
import { mapTwilioStatus } from './twilio.sms.js';

describe('mapTwilioStatus', () => {
  it.each([
    ['accepted', 'queued'],
    ['scheduled', 'queued'],
    ['queued', 'queued'],
    ['sending', 'queued'],
    ['sent', 'sent'],
    ['delivered', 'delivered'],
    ['read', 'delivered'],
    ['undelivered', 'undelivered'],
    ['failed', 'failed'],
    ['canceled', 'failed'],
    ['something-new', 'queued'],
    [undefined, 'queued'],
  ] as const)('%s is %s', (twilio, ours) => {
    expect(mapTwilioStatus(twilio)).toBe(ours);
  });
});

describe('statusCallbackFor', () => {
  it('points Twilio at the public status webhook', () => {
    expect(statusCallbackFor('https://shop.example.com/')).toBe(
      'https://shop.example.com/v2/webhooks/twilio/status',
    );
  });

  it.each(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080', 'http://app.localhost'])(
    'asks for none at %s, which Twilio cannot reach',
    (url) => {
      expect(statusCallbackFor(url)).toBeUndefined();
    },
  );
});
