/**
 * How an order number is shown: the short label ('RO 1234', on cards and chips), the long label
 * ('Repair order 1234', headings and screen readers), or the 'no order number' placeholder for a
 * ticket written without one. The texts are the catalog's (dashboard:orderNumber.*); this decides
 * which one and with what number.
 */

export type OrderNumberStyle = 'short' | 'long';

export type OrderNumberDisplay =
  | { kind: 'number'; number: string; key: 'orderNumber.short' | 'orderNumber.long' }
  | { kind: 'none'; key: 'orderNumber.none' };

/** The order number as it should be read: trimmed, and null when blank. */
export function normalizeOrderNumber(orderNumber: string | null | undefined): string | null {
  const trimmed = orderNumber?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export function orderNumberDisplay(
  orderNumber: string | null | undefined,
  style: OrderNumberStyle = 'short',
): OrderNumberDisplay {
  const number = normalizeOrderNumber(orderNumber);
  if (number === null) return { kind: 'none', key: 'orderNumber.none' };
  return { kind: 'number', number, key: style === 'long' ? 'orderNumber.long' : 'orderNumber.short' };
}
