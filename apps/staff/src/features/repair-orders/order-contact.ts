import type { Customer } from '@servicebay/domain';

type Contact = Pick<Customer, 'email' | 'mobilePhone' | 'primaryPhone' | 'homePhone' | 'workPhone'>;

/** A link the order page's header offers: the text shown and where it leads. */
export interface ContactLink {
  text: string;
  href: string;
}

/** Ten bare digits read as a North American number, "(514) 555-0101"; anything else as written. */
function phoneText(phone: string): string {
  const digits = /^\d{10}$/.exec(phone)?.[0];
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

/**
 * How to reach the order's customer from its page: the phone to call (the primary one, else the
 * mobile, home or work phone) as a tel: link with its digits, shown the way people write it, and the e-mail as a mailto: link.
 * Blank values give no link.
 */
export function contactLinks(customer: Contact | undefined): {
  phone: ContactLink | null;
  email: ContactLink | null;
} {
  const phone = [customer?.primaryPhone, customer?.mobilePhone, customer?.homePhone, customer?.workPhone]
    .map((p) => p?.trim() ?? '')
    .find((p) => p.replace(/[^\d]/g, '').length > 0);
  const email = customer?.email?.trim();
  return {
    phone: phone ? { text: phoneText(phone), href: `tel:${phone.replace(/[^\d+]/g, '')}` } : null,
    email: email ? { text: email, href: `mailto:${email}` } : null,
  };
}
