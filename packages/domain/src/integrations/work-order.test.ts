import { describe, expect, it } from 'vitest';
import { ZStoreSettings } from '../identity/store.js';
import {
  allLabourDone,
  isWorkOrderClosed,
  partsPageTarget,
  partsStateOf,
  shownPartsState,
  usesLocalSimulator,
  workStateOf,
  workStatusTarget,
  type ServicePackageLine,
  type WorkOrderServicePackage,
} from './work-order.js';

const line = (fields: Partial<ServicePackageLine>): ServicePackageLine => ({
  ID: String(Math.random()),
  Type: 'Labor',
  Description: 'Job',
  Quantity: 1,
  Completed: false,
  Technician: null,
  ClockRunning: false,
  ExternalReference: null,
  ...fields,
});
const pkg = (...lines: ServicePackageLine[]): WorkOrderServicePackage => ({ ID: 'p', Chapter: '1', Description: 'Job', ServicePackageLines: lines });
const integration = (fields: object) => ZStoreSettings.parse({ integration: fields }).integration;

describe('work order rules', () => {
  it('is closed with a positive invoice time or a deletion time', () => {
    expect(isWorkOrderClosed({ InvoiceTime: null, Header: { DeletionTime: null } })).toBe(false);
    expect(isWorkOrderClosed({ InvoiceTime: '2026-12-01T10:00:00Z', Header: { DeletionTime: null } })).toBe(true);
    expect(isWorkOrderClosed({ InvoiceTime: '1970-01-01T00:00:00Z', Header: { DeletionTime: null } })).toBe(false);
    expect(isWorkOrderClosed({ InvoiceTime: null, Header: { DeletionTime: '2026-12-01T10:00:00Z' } })).toBe(true);
  });

  it('is all done only when every labour line is completed; parts lines do not count', () => {
    expect(allLabourDone([])).toBe(false);
    expect(allLabourDone([pkg(line({ Completed: true }), line({ Type: 'Part' }))])).toBe(true);
    expect(allLabourDone([pkg(line({ Completed: true })), pkg(line({}))])).toBe(false);
  });

  it('gives the ticket its work state', () => {
    expect(workStateOf([])).toBe('notStarted');
    expect(workStateOf([pkg(line({}))])).toBe('pending');
    expect(workStateOf([pkg(line({ ClockRunning: true }), line({}))])).toBe('inProgress');
    expect(workStateOf([pkg(line({ Completed: true }), line({}))])).toBe('inProgress');
    expect(workStateOf([pkg(line({ Completed: true }))])).toBe('done');
  });

  it('gives the parts state from the parts the customer did not decline, shown as inProgress while partial', () => {
    expect(partsStateOf([{ Declined: true, Status: 'quoted' }])).toBe('notStarted');
    expect(partsStateOf([{ Declined: false, Status: 'quoted' }])).toBe('pending');
    expect(partsStateOf([{ Declined: false, Status: 'ordered' }, { Declined: true, Status: 'quoted' }])).toBe('inProgressHaveOrdered');
    expect(partsStateOf([{ Declined: false, Status: 'received' }, { Declined: false, Status: 'ordered' }])).toBe('inProgressSomeParts');
    expect(partsStateOf([{ Declined: false, Status: 'received' }])).toBe('done');
    expect(shownPartsState('inProgressHaveOrdered')).toBe('inProgress');
    expect(shownPartsState('inProgressSomeParts')).toBe('inProgress');
    expect(shownPartsState('done')).toBe('done');
  });

  it('opens parts in the app for protractor, or vastenterprise two-way with an endpoint', () => {
    expect(partsPageTarget(integration({ enabled: true, managementSystem: 'protractor' }))).toBe('inApp');
    expect(partsPageTarget(integration({ enabled: true, managementSystem: 'vastenterprise' }))).toBe('legacy');
    expect(partsPageTarget(integration({ enabled: true, managementSystem: 'vastenterprise', twoWay: true, endpoint: 'https://vast' }))).toBe('inApp');
    expect(partsPageTarget(integration({ enabled: false, managementSystem: 'protractor' }))).toBe('legacy');
    expect(partsPageTarget(integration({ enabled: true, managementSystem: 'PBS' }))).toBe('legacy');
  });

  it('opens work status on the work order page for protractor with clock-in only', () => {
    expect(workStatusTarget(integration({ enabled: true, managementSystem: 'protractor', enableClockIn: true }))).toBe('workOrder');
    expect(workStatusTarget(integration({ enabled: true, managementSystem: 'protractor' }))).toBe('legacy');
    expect(workStatusTarget(integration({ enabled: true, managementSystem: 'vastenterprise', enableClockIn: true }))).toBe('legacy');
  });

  it('uses the local simulator without an endpoint or with "local"', () => {
    expect(usesLocalSimulator({ endpoint: null })).toBe(true);
    expect(usesLocalSimulator({ endpoint: ' local ' })).toBe(true);
    expect(usesLocalSimulator({ endpoint: 'https://protractor.example' })).toBe(false);
  });
});
