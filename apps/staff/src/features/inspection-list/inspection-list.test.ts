import { describe, expect, it } from 'vitest';
import { dashboardListParams } from '@servicebay/domain';
import { inspectionListQuery, pageCount } from './inspection-list.js';

describe('inspection list query', () => {
  it('asks for open in-shop orders whose inspection is not done, waiting first, 10 a page', () => {
    expect(dashboardListParams(inspectionListQuery(0))).toEqual({
      page: 0,
      size: 10,
      sorting: 'orderNumber,desc',
      waitingFirst: true,
      vehicleInShop: true,
      closed: false,
      inspection: 'notStarted,pending,inProgress',
    });
  });

  it('never asks for a negative or fractional page', () => {
    expect(inspectionListQuery(-3).page).toBe(0);
    expect(inspectionListQuery(2.7).page).toBe(2);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
});
