import { describe, expect, it } from 'vitest';
import { en } from '@servicebay/locales';
import { DASHBOARD_FILTERS } from '@servicebay/domain';
import {
  countLabelKey,
  emptyTextKey,
  listTitleKey,
  pageCount,
  pageMoves,
  showsCalendar,
  withPages,
} from './dashboard-view.js';

/** The English text of a `dashboard` key, so a key the catalog lacks fails here. */
const text = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en.dashboard);
/** A key the catalog has, plain or with its plural forms. */
const hasText = (key: string) => [key, `${key}_one`].some((k) => typeof text(k) === 'string');

describe('countLabelKey', () => {
  it('counts the matches while a search term is typed, whatever the filter', () => {
    for (const filter of DASHBOARD_FILTERS) expect(countLabelKey(filter, '1042')).toBe('count.matching');
  });

  it('counts appointments, waiting customers, or vehicles in the shop', () => {
    expect(countLabelKey('appointments', '')).toBe('count.appointments');
    expect(countLabelKey('technicianBasicWaiting', '')).toBe('count.waiting');
    expect(countLabelKey('allVehicles', '')).toBe('count.inShop');
    expect(countLabelKey('inspecting', '')).toBe('count.inShop');
    expect(countLabelKey('technicianBasicAll', '')).toBe('count.inShop');
  });

  it("says the vehicles counted are the user's when My vehicles is on", () => {
    expect(countLabelKey('allVehicles', '', true)).toBe('count.mineInShop');
    expect(countLabelKey('inspecting', '', true)).toBe('count.mineInShop');
    expect(countLabelKey('allVehicles', 'ford', true)).toBe('count.matching');
  });

  it('names keys the catalog has', () => {
    for (const key of ['count.matching', 'count.appointments', 'count.waiting', 'count.inShop', 'count.mineInShop'])
      expect(hasText(key), key).toBe(true);
  });
});

describe('listTitleKey', () => {
  it("titles the single list with its filter's name", () => {
    expect(listTitleKey('orders', 'inspecting')).toBe('filters.inspecting');
    expect(listTitleKey('orders', 'matchingVehicles')).toBe('filters.matchingVehicles');
  });

  it("titles the basic technician's two lists mine and others, whatever the filter", () => {
    expect(listTitleKey('mine', 'technicianBasicAll')).toBe('lists.mine');
    expect(listTitleKey('others', 'technicianBasicWaiting')).toBe('lists.others');
  });

  it('names keys the catalog has, for every filter', () => {
    for (const filter of DASHBOARD_FILTERS) expect(hasText(listTitleKey('orders', filter)), filter).toBe(true);
    expect(hasText(listTitleKey('mine', 'allVehicles'))).toBe(true);
    expect(hasText(listTitleKey('others', 'allVehicles'))).toBe(true);
  });
});

describe('emptyTextKey', () => {
  it('says the search found nothing, before anything else', () => {
    expect(emptyTextKey('orders', 'appointments', 'smith')).toBe('empty.search');
    expect(emptyTextKey('mine', 'technicianBasicAll', 'smith')).toBe('empty.search');
  });

  it('says there are no appointments on the appointments filter', () => {
    expect(emptyTextKey('orders', 'appointments', '')).toBe('empty.appointments');
  });

  it("says there are no orders, or speaks of the technician's own list and the others'", () => {
    expect(emptyTextKey('orders', 'allVehicles', '')).toBe('empty.orders');
    expect(emptyTextKey('mine', 'technicianBasicAll', '')).toBe('empty.mine');
    expect(emptyTextKey('others', 'technicianBasicWaiting', '')).toBe('empty.others');
  });

  it('names keys the catalog has', () => {
    for (const key of ['empty.search', 'empty.appointments', 'empty.orders', 'empty.mine', 'empty.others'])
      expect(hasText(key), key).toBe(true);
    expect(String(text('empty.search'))).toContain('{{term}}');
  });
});

describe('showsCalendar', () => {
  it('only for appointments shown as a calendar, and never for a search', () => {
    expect(showsCalendar('appointments', '', true)).toBe(true);
    expect(showsCalendar('appointments', '', false)).toBe(false);
    expect(showsCalendar('appointments', 'smith', true)).toBe(false);
    expect(showsCalendar('allVehicles', '', true)).toBe(false);
  });
});

describe('pages', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(1, 30)).toBe(1);
    expect(pageCount(30, 30)).toBe(1);
    expect(pageCount(31, 30)).toBe(2);
    expect(pageCount(95, 30)).toBe(4);
  });

  it('offers the previous page except on the first, the next except on the last', () => {
    expect(pageMoves(0, 1)).toEqual({ previous: false, next: false });
    expect(pageMoves(0, 3)).toEqual({ previous: false, next: true });
    expect(pageMoves(1, 3)).toEqual({ previous: true, next: true });
    expect(pageMoves(2, 3)).toEqual({ previous: true, next: false });
    // A page past the end (the list shrank under a live update) can only go back.
    expect(pageMoves(4, 3)).toEqual({ previous: true, next: false });
  });

  it('puts each list on its own page, the first until the user moves', () => {
    const lists = [
      { key: 'mine' as const, query: { page: 0, size: 10, sorting: 'orderNumber,desc' } },
      { key: 'others' as const, query: { page: 0, size: 10, sorting: 'orderNumber,desc' } },
    ];
    expect(withPages(lists, {}).map((l) => l.query.page)).toEqual([0, 0]);
    const paged = withPages(lists, { others: 2 });
    expect(paged.map((l) => l.query.page)).toEqual([0, 2]);
    expect(paged[1]!.query).toEqual({ page: 2, size: 10, sorting: 'orderNumber,desc' });
    // The lists given are left as they were.
    expect(lists[1]!.query.page).toBe(0);
  });
});
