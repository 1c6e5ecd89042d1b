import { describe, expect, it } from 'vitest';
import { contactLinks } from './order-contact.js';

const none = { email: null, mobilePhone: null, primaryPhone: null, homePhone: null, workPhone: null };

describe('contactLinks', () => {
  it('links the primary phone by its digits and the e-mail', () => {
    expect(
      contactLinks({
        ...none,
        primaryPhone: '(514) 555-0101',
        mobilePhone: '438 555 0000',
        email: ' ada@example.com ',
      }),
    ).toEqual({
      phone: { text: '(514) 555-0101', href: 'tel:5145550101' },
      email: { text: 'ada@example.com', href: 'mailto:ada@example.com' },
    });
  });

  it('falls back to the mobile, home then work phone', () => {
    expect(contactLinks({ ...none, mobilePhone: '438.555.0000' }).phone?.href).toBe('tel:4385550000');
    expect(contactLinks({ ...none, primaryPhone: '  ', homePhone: '514-555-0102' }).phone?.href).toBe(
      'tel:5145550102',
    );
    expect(contactLinks({ ...none, workPhone: '+1 514 555 0103' }).phone?.href).toBe('tel:+15145550103');
  });

  it('writes ten bare digits the usual way', () => {
    expect(contactLinks({ ...none, primaryPhone: '5145550177' }).phone).toEqual({
      text: '(514) 555-0177',
      href: 'tel:5145550177',
    });
  });

  it('gives no link for blanks or an unknown customer', () => {
    expect(contactLinks({ ...none, email: '  ' })).toEqual({ phone: null, email: null });
    expect(contactLinks(undefined)).toEqual({ phone: null, email: null });
  });
});
