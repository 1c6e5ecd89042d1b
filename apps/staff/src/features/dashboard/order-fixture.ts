import { NEW_ORDER_STATES, type RepairOrder } from '@servicebay/domain';

// For the dashboard's unit tests only.

/** A whole presented order, as the server's presenter sends it in lists and events. */
export function order(id: string, over: Partial<RepairOrder> = {}): RepairOrder {
  return {
    _id: id,
    inspectionType: null,
    orderNumber: id.replace(/\D/g, '') || null,
    date: '2026-11-20T10:00:00.000Z',
    waiting: false,
    note: null,
    timePromised: null,
    mileageIn: null,
    mileageOut: null,
    vehicleInShop: true,
    scheduled: null,
    serviceAdvisorId: 'adv',
    technicianId: null,
    customerId: 'c1',
    vehicleId: 'v1',
    storeId: 's1',
    states: { ...NEW_ORDER_STATES },
    closed: false,
    finished: false,
    estimate: { status: null, delivery: 'NOT_SENT' },
    report: { status: null, lastViewed: null },
    meeting: { status: null },
    repairOrderId: null,
    blockedFields: [],
    primaryPicture: null,
    signOff: null,
    timeTracker: { isRunning: false, startedAt: null, elapsedSeconds: 0 },
    includeMaintenanceInReport: false,
    isCustomerNotifiedAboutRepair: false,
    checkedWithHunter: false,
    activities: [],
    servicePackages: [],
    _links: { self: { href: `/v2/api/store/s1/inspectionOrder/${id}` } },
    _embedded: {
      customer: { _id: 'c1', firstName: 'Ada', lastName: 'Smith', business: null, honorific: 'Mrs' },
      vehicle: {
        _id: 'v1',
        year: 2016,
        make: 'Honda',
        model: 'Accord',
        engine: null,
        vin: null,
        licensePlate: 'ABC123',
        fleetNumber: null,
        color: null,
      },
    },
    ...over,
  };
}
