import type { DashboardFilter, DashboardList } from '@servicebay/domain';

/**
 * What the dashboard screen says about its lists, as pure functions of the filter in force and
 * the search term: the counter line, each list's title and empty text, the pages. They answer
 * translation keys of the `dashboard` namespace; the screen translates them.
 */

type ListKey = DashboardList['key'];

/** The line above the lists: matches of the search, else appointments, waiting or vehicles in the shop. */
export function countLabelKey(
  filter: DashboardFilter,
  search: string,
  mine = false,
): 'count.matching' | 'count.appointments' | 'count.waiting' | 'count.inShop' | 'count.mineInShop' {
  if (search) return 'count.matching';
  if (filter === 'appointments') return 'count.appointments';
  if (filter === 'technicianBasicWaiting') return 'count.waiting';
  return mine ? 'count.mineInShop' : 'count.inShop';
}

/** A list's title: the filter's name for the single list, else mine / others. */
export function listTitleKey(
  list: ListKey,
  filter: DashboardFilter,
): `filters.${DashboardFilter}` | `lists.${Exclude<ListKey, 'orders'>}` {
  return list === 'orders' ? `filters.${filter}` : `lists.${list}`;
}

/**
 * What an empty list says: the search term found nothing, no appointments, no orders; the basic
 * technician's two lists each have their own text.
 */
export function emptyTextKey(
  list: ListKey,
  filter: DashboardFilter,
  search: string,
): 'empty.search' | 'empty.appointments' | `empty.${ListKey}` {
  if (search) return 'empty.search';
  if (filter === 'appointments') return 'empty.appointments';
  return list === 'orders' ? 'empty.orders' : `empty.${list}`;
}

/** The calendar replaces the cards for appointments the user asked to see as a calendar, never for a search. */
export function showsCalendar(filter: DashboardFilter, search: string, calendarChosen: boolean): boolean {
  return filter === 'appointments' && calendarChosen && !search;
}

/** The number of pages of a list (at least one, so an empty list reads "page 1 of 1"). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Which neighbours a list's page has: previous unless on the first, next unless on the last. */
export function pageMoves(page: number, pages: number): { previous: boolean; next: boolean } {
  return { previous: page > 0, next: page + 1 < pages };
}

/** The lists with the page each one is on (the first page until the user moves). */
export function withPages<L extends { key: ListKey; query: object }>(
  lists: readonly L[],
  pages: Partial<Record<ListKey, number>>,
): Array<L & { query: L['query'] & { page: number } }> {
  return lists.map((list) => ({ ...list, query: { ...list.query, page: pages[list.key] ?? 0 } }));
}
