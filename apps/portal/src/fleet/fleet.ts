import type { PortalVehicle } from '@servicebay/domain';

/**
 * The fleet list's rules, pure (docs/portal.md "Fleet list"): each van's label, the search and
 * the sort by fleet number or year, both read as integers.
 */

/** The fleet number a vehicle without one shows. */
export const DEFAULT_FLEET_NUMBER = '00';

export type FleetSortKey = 'fleetNumber' | 'year';
export type SortDirection = 'asc' | 'desc';
export const FLEET_SORT_KEYS: readonly FleetSortKey[] = ['fleetNumber', 'year'];

type FleetVehicle = Pick<PortalVehicle, '_id' | 'fleetNumber' | 'year' | 'make' | 'model' | 'engine' | 'licensePlate'>;

const fleetNumberOf = (v: Pick<PortalVehicle, 'fleetNumber'>) => v.fleetNumber?.trim() || DEFAULT_FLEET_NUMBER;

/** "#101 - 2020 Ford Transit 3.5L V6": the known parts of year, make, model and engine. */
export function fleetLabel(v: Omit<FleetVehicle, '_id' | 'licensePlate'>): string {
  const rest = [v.year, v.make, v.model, v.engine]
    .map((part) => (part === null || part === undefined ? '' : String(part).trim()))
    .filter(Boolean)
    .join(' ');
  return rest ? `#${fleetNumberOf(v)} - ${rest}` : `#${fleetNumberOf(v)}`;
}

const compact = (text: string) => text.replace(/[\s-]+/g, '');

/**
 * The vehicles whose fleet number, make, model, year or plate hold every word of the term
 * (any case; a plate also without its spaces and dashes). A blank term keeps them all.
 */
export function searchFleet<V extends FleetVehicle>(vehicles: readonly V[], term: string): V[] {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...vehicles];
  return vehicles.filter((v) => {
    const plate = v.licensePlate?.toLowerCase() ?? '';
    const fields = [fleetNumberOf(v), v.make ?? '', v.model ?? '', v.year === null ? '' : String(v.year), plate, compact(plate)].map((f) => f.toLowerCase());
    return words.every((word) => fields.some((field) => field.includes(word)));
  });
}

/** The key as an integer (a missing fleet number is 00, hence 0); null when it reads as none. */
export function sortValue(v: Pick<PortalVehicle, 'fleetNumber' | 'year'>, key: FleetSortKey): number | null {
  const raw = key === 'year' ? (v.year === null ? '' : String(v.year)) : fleetNumberOf(v);
  const value = Number.parseInt(raw, 10);
  return Number.isNaN(value) ? null : value;
}

/**
 * Sorted by the key read as an integer, ascending or descending; a vehicle whose key reads as no
 * number ('A-7', no year) comes last either way. Ties: by fleet number ascending, then as listed.
 */
export function sortFleet<V extends FleetVehicle>(vehicles: readonly V[], key: FleetSortKey, direction: SortDirection): V[] {
  const sign = direction === 'asc' ? 1 : -1;
  return vehicles
    .map((v, index) => ({ v, index, value: sortValue(v, key), number: sortValue(v, 'fleetNumber') }))
    .sort((a, b) => {
      if (a.value !== b.value) {
        if (a.value === null) return 1;
        if (b.value === null) return -1;
        return (a.value - b.value) * sign;
      }
      if (key === 'year' && a.number !== b.number) {
        if (a.number === null) return 1;
        if (b.number === null) return -1;
        return a.number - b.number;
      }
      return a.index - b.index;
    })
    .map(({ v }) => v);
}

/** The van a fleet page selects first: the top of the list as it opens (fleet number ascending). */
export function defaultFleetVehicle<V extends FleetVehicle>(vehicles: readonly V[]): V | null {
  return sortFleet(vehicles, 'fleetNumber', 'asc')[0] ?? null;
}
