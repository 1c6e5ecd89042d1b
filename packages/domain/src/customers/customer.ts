import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { ZFileLink } from '../files/file.js';

/** A phone: ten digits, with the usual parentheses, spaces, dots or dashes. */
export const PHONE_PATTERN = /^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
/** Standard shape: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const DEFAULT_HONORIFIC = 'Mr';

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** The digits of a valid phone, or null when it is not one. */
export function phoneDigits(value: string): string | null {
  const trimmed = value.trim();
  return PHONE_PATTERN.test(trimmed) ? trimmed.replace(/\D/g, '') : null;
}

const ZPhone = z
  .string()
  .max(40)
  .refine((v) => v.trim() === '' || phoneDigits(v) !== null, { message: 'must be 10 digits' });
const ZName = z.string().trim().max(100);

/** What a customer is made of on input on input, every field optional. */
export const ZCustomerFields = z.strictObject({
  firstName: ZName.nullable(),
  lastName: ZName.nullable(),
  business: z.string().trim().max(200).nullable(),
  honorific: z.string().trim().max(20).nullable(),
  email: z.string().max(254).nullable(),
  mobilePhone: ZPhone.nullable(),
  homePhone: ZPhone.nullable(),
  workPhone: ZPhone.nullable(),
  primaryPhone: ZPhone.nullable(),
  permissionToText: z.boolean(),
  /** Names not required: a walk-in saved before the name is known. */
  namesNotMandatory: z.boolean(),
});
export type CustomerFields = z.infer<typeof ZCustomerFields>;

export const ZCustomer = z.object({
  _id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  business: z.string().nullable(),
  honorific: z.string(),
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  homePhone: z.string().nullable(),
  workPhone: z.string().nullable(),
  primaryPhone: z.string().nullable(),
  /** The mobile number in E.164 (+15145550123), or null when it has none that can take texts. */
  normalizedMobilePhone: z.string().nullable(),
  permissionToText: z.boolean(),
  householdId: z.string().nullable(),
  storeId: z.string(),
  /** The fleet logo: a signed URL and the name; null when none (always sent). */
  fleetPicture: ZFileLink.nullable().optional(),
  /**
   * The customer's picture: the primary picture of its newest repair order that has one (a signed
   * URL, the name and the picture's source); null when none (always sent).
   */
  primaryPicture: ZFileLink.extend({ source: z.string().nullable() }).nullable().optional(),
  _links: z.object({ self: z.object({ href: z.string() }), household: z.object({ href: z.string() }).optional() }),
});
export type Customer = z.infer<typeof ZCustomer>;

/** A customer as the save rules see it: what will be stored once the change is applied. */
export interface CustomerDraft {
  firstName?: string | null;
  lastName?: string | null;
  business?: string | null;
  honorific?: string | null;
  email?: string | null;
  mobilePhone?: string | null;
  primaryPhone?: string | null;
  namesNotMandatory?: boolean;
}

const blank = (v: string | null | undefined) => !v || v.trim() === '';

/**
 * Customer save: mobilePhone copied to primaryPhone when primary is empty, e-mail
 * trimmed, honorific Mr by default; then firstName, lastName or business required (unless marked
 * not mandatory) and an e-mail, if any, valid. Returns the normalized draft or the error code.
 */
export function prepareCustomerSave<T extends CustomerDraft>(
  draft: T,
): { ok: true; value: T } | { ok: false; code: ErrorCode; message: string } {
  const value: T = { ...draft };
  if (typeof value.email === 'string') value.email = value.email.trim() || null;
  if (blank(value.primaryPhone) && !blank(value.mobilePhone)) value.primaryPhone = value.mobilePhone ?? null;
  if (blank(value.honorific)) value.honorific = DEFAULT_HONORIFIC;
  if (!value.namesNotMandatory && blank(value.firstName) && blank(value.lastName) && blank(value.business)) {
    return {
      ok: false,
      code: 'CANNOT_SAVE_CUSTOMER_WITHOUT_FIRSTNAME_LASTNAME_OR_BUSINESS',
      message: 'firstName, lastName or business is mandatory',
    };
  }
  if (value.email && !isValidEmail(value.email)) {
    return { ok: false, code: 'CANNOT_SAVE_CUSTOMER_WITH_INVALID_EMAIL', message: 'email is invalid' };
  }
  return { ok: true, value };
}
