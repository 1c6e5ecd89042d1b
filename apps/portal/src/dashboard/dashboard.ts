import { nextSeason, type PortalCustomer, type PortalVehicle, type Season } from '@servicebay/domain';
import type { PortalVariant } from '../variant.js';

/** The pure rules of the dashboard (docs/portal-dashboard.md), tested beside it. */

/** The header's name: the person on MyCar, the business on MyFleet; each falls back on the other. */
export function customerDisplayName(customer: Pick<PortalCustomer, 'firstName' | 'lastName' | 'business'>, variant: PortalVariant): string {
  const person = [customer.firstName, customer.lastName].map((s) => s?.trim()).filter(Boolean).join(' ');
  const business = customer.business?.trim() ?? '';
  return variant === 'fleet' ? business || person : person || business;
}

/** Year, make and model, as far as they are known. */
export function vehicleName(v: Pick<PortalVehicle, 'year' | 'make' | 'model'>): string {
  return [v.year, v.make, v.model].filter((x) => x !== null && x !== '').join(' ');
}

/** Which order of the history a step shows: older is previous, newer is next; null at either end. */
export function historyStep(index: number, length: number, direction: 'previous' | 'next'): number | null {
  const target = direction === 'previous' ? index + 1 : index - 1;
  return target >= 0 && target < length ? target : null;
}

/** A mileage shows only when above 0; otherwise it was not recorded. */
export function recordedMileage(mileageIn: number | null): number | null {
  return mileageIn !== null && mileageIn > 0 ? mileageIn : null;
}

/** The to-do field's value as it will be added, or null for an empty one (ignored). */
export function todoValue(typed: string): string | null {
  const value = typed.trim();
  return value === '' ? null : value;
}

/**
 * The often-required work offered now: the work for this season and the next (so autumn offers
 * the winter work too), and the work for any time.
 */
export function offeredWork<T extends { season: Season | null }>(items: readonly T[], season: Season): T[] {
  const seasons = new Set<Season>([season, nextSeason(season)]);
  return items.filter((item) => item.season === null || seasons.has(item.season));
}

/** The modal's heading key: spring says summer is coming, autumn says winter is coming. */
export function seasonHeadingKey(season: Season): string {
  switch (season) {
    case 'Spring':
      return 'oftenRequired.summerComing';
    case 'Autumn':
      return 'oftenRequired.winterComing';
    case 'Summer':
      return 'oftenRequired.summer';
    case 'Winter':
      return 'oftenRequired.winter';
  }
}
