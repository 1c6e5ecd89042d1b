import { describe, expect, it } from 'vitest';
import { parseForm, twilioSignature, verifyTwilioSignature } from './twilio-signature.js';

// The example of Twilio's own documentation and helper libraries' tests.
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675309',
  Digits: '1234',
  From: '+14158675309',
  To: '+18005551212',
};
const SIGNATURE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('Twilio request signature', () => {
  it('matches the documented example', () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe(SIGNATURE);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, SIGNATURE)).toBe(true);
  });

  it('does not depend on the order the fields came in', () => {
    const reversed = Object.fromEntries(Object.entries(PARAMS).reverse());
    expect(twilioSignature(TOKEN, URL, reversed)).toBe(SIGNATURE);
  });

  it('refuses a changed field, URL or token, and a missing or malformed header', () => {
    expect(verifyTwilioSignature(TOKEN, URL, { ...PARAMS, Digits: '1235' }, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, { ...PARAMS, Extra: '' }, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, 'https://mycompany.com/myapp.php?foo=1&bar=3', PARAMS, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature('54321', URL, PARAMS, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, undefined)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, '')).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, [SIGNATURE, SIGNATURE])).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, SIGNATURE.slice(1))).toBe(false);
  });

  it('signs a repeated field once per value, values sorted', () => {
    const params = parseForm('MediaUrl=b&MediaUrl=a&Body=hi');
    expect(params).toEqual({ MediaUrl: ['b', 'a'], Body: 'hi' });
    expect(twilioSignature(TOKEN, URL, params)).toBe(twilioSignature(TOKEN, URL, { Body: 'hi', MediaUrl: ['a', 'b'] }));
  });
});
