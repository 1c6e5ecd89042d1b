import { DATE_FORMATS, dayKey, formatDate } from '@servicebay/web-core';
import type { DashboardOrder } from './orders-api.js';

type Named = { firstName?: string | null; lastName?: string | null } | null | undefined;

/** "First Last", or '' when neither is known. */
export function personName(person: Named): string {
  return [person?.firstName, person?.lastName].filter((part) => part && part.trim()).join(' ');
}

/** The customer as the card shows it: the person's name, and the business apart when there is one. */
export function customerLines(order: DashboardOrder): { name: string; business: string } {
  const customer = order._embedded.customer;
  return { name: personName(customer), business: customer?.business?.trim() ?? '' };
}

/** "2016 Honda Accord" ('' when none of the three is known). */
export function yearMakeModel(order: DashboardOrder): string {
  const vehicle = order._embedded.vehicle;
  return [vehicle?.year, vehicle?.make, vehicle?.model]
    .filter((part) => part !== null && part !== undefined && String(part).trim())
    .join(' ');
}

/**
 * The vehicle as a card shows it: year make model, plate and fleet number, each when known, and
 * the VIN only when none of those is. `known` is false only when the order has no vehicle or
 * nothing of it is known: "No vehicle" is for that case alone, never for a vehicle known by its
 * plate.
 */
export function vehicleLines(order: DashboardOrder): {
  description: string;
  plate: string;
  fleet: string;
  vin: string;
  known: boolean;
} {
  const vehicle = order._embedded.vehicle;
  const description = yearMakeModel(order);
  const plate = vehicle?.licensePlate?.trim() ?? '';
  const fleet = vehicle?.fleetNumber?.trim() ?? '';
  const vin = description || plate || fleet ? '' : (vehicle?.vin?.trim() ?? '');
  return { description, plate, fleet, vin, known: Boolean(description || plate || fleet || vin) };
}

/** 'hh:mm A' alone for today, else 'MMM D' and 'hh:mm A'. */
export function dayAndTime(
  iso: string,
  language: string,
  now = new Date(),
): { date: string; time: string; today: boolean } {
  const date = formatDate(iso, DATE_FORMATS.dayMonth, language);
  const today =
    date === formatDate(now, DATE_FORMATS.dayMonth, language) &&
    new Date(iso).getFullYear() === now.getFullYear();
  return { date, time: formatDate(iso, DATE_FORMATS.time, language), today };
}

/** Past this many days, only the days that hold an appointment are drawn. */
const MAX_SPAN_DAYS = 31;

interface Day {
  key: string;
  date: Date;
  orders: DashboardOrder[];
}

/**
 * The days of the page's appointments, with empty days in between so the week reads as a
 * calendar (the calendar toggle). Days are the device's.
 */
export function calendarDays(orders: readonly DashboardOrder[], today = new Date()): Day[] {
  const byDay = new Map<string, DashboardOrder[]>();
  for (const order of orders) {
    if (!order.scheduled) continue;
    const key = dayKey(order.scheduled);
    byDay.set(key, [...(byDay.get(key) ?? []), order]);
  }
  if (byDay.size === 0) return [];
  const keys = [...byDay.keys()].sort();
  const first = new Date(
    Math.min(
      Date.parse(`${keys[0]}T00:00:00`),
      new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime(),
    ),
  );
  const last = new Date(`${keys[keys.length - 1]}T00:00:00`);
  const span = Math.round((last.getTime() - first.getTime()) / 86_400_000) + 1;
  if (span > MAX_SPAN_DAYS)
    return keys.map((key) => ({ key, date: new Date(`${key}T00:00:00`), orders: byDay.get(key)! }));
  const days: Day[] = [];
  for (let i = 0; i < span; i++) {
    const date = new Date(first.getFullYear(), first.getMonth(), first.getDate() + i);
    const key = dayKey(date);
    days.push({ key, date, orders: byDay.get(key) ?? [] });
  }
  return days;
}
