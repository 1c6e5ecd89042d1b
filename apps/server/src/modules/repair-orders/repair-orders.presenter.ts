import type { RepairOrder, OrderStates } from '@servicebay/domain';
import type { FileLinker } from '../../platform/files/index.js';
import type { DetailedOrderRow, OrderRow } from './repair-orders.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function statesOf(row: OrderRow): OrderStates {
  return {
    inspection: row.stateInspection,
    estimate: row.stateEstimate,
    approval: row.stateApproval,
    report: row.stateReport,
    parts: row.stateParts,
    work: row.stateWork,
  } as OrderStates;
}

/** Seconds worked on the order: the ended entries, plus the running one up to `now`. */
export function elapsedSeconds(row: Pick<OrderRow, 'timeTrackerSeconds' | 'timeTrackerStartedAt'>, now: Date): number {
  const running = row.timeTrackerStartedAt ? Math.max(0, Math.floor((now.getTime() - row.timeTrackerStartedAt.getTime()) / 1000)) : 0;
  return row.timeTrackerSeconds + running;
}

/** The latest sign-off, with a signed URL of its signature (null when the file is gone). */
function presentSignOff(row: OrderRow, link: FileLinker): RepairOrder['signOff'] {
  const last = row.activities.findLast((entry) => entry.type === 'signedOff' && entry.signOff);
  if (!last?.signOff) return null;
  const { signerName, language, workerId, signatureKey, signatureName } = last.signOff;
  return { signerName, language, workerId, signedAt: last.date, signature: link({ key: signatureKey, name: signatureName }) };
}

/** The order as every route and event answers it (ZRepairOrder). `link` signs the picture URL. */
export function presentOrder(detailed: DetailedOrderRow, link: FileLinker, now = new Date()): RepairOrder {
  const { order: row, customer, vehicle, advisor, technician } = detailed;
  const picture = link({ key: row.primaryPictureKey, name: row.primaryPictureName });
  return {
    _id: row.id,
    inspectionType: row.inspectionType,
    orderNumber: row.orderNumber,
    date: row.createdAt.toISOString(),
    waiting: row.waiting,
    note: row.note,
    timePromised: iso(row.timePromised),
    mileageIn: row.mileageIn,
    mileageOut: row.mileageOut,
    vehicleInShop: row.vehicleInShop,
    scheduled: iso(row.scheduled),
    serviceAdvisorId: row.serviceAdvisorId,
    technicianId: row.technicianId,
    customerId: row.customerId,
    vehicleId: row.vehicleId,
    storeId: row.storeId,
    states: statesOf(row),
    closed: row.closed,
    finished: row.finished,
    estimate: {
      status: (row.estimateStatus as RepairOrder['estimate']['status']) ?? null,
      delivery: row.estimateDelivery as RepairOrder['estimate']['delivery'],
    },
    report: { status: row.reportStatus, lastViewed: iso(row.reportLastViewed) },
    meeting: { status: (row.meetingStatus as RepairOrder['meeting']['status']) ?? null },
    repairOrderId: row.repairOrderId,
    blockedFields: row.blockedFields as RepairOrder['blockedFields'],
    primaryPicture: picture ? { ...picture, source: row.primaryPictureSource } : null,
    timeTracker: {
      isRunning: row.timeTrackerStartedAt !== null,
      startedAt: iso(row.timeTrackerStartedAt),
      elapsedSeconds: elapsedSeconds(row, now),
    },
    includeMaintenanceInReport: row.includeMaintenanceInReport,
    isCustomerNotifiedAboutRepair: row.isCustomerNotifiedAboutRepair,
    checkedWithHunter: row.checkedWithHunter,
    signOff: presentSignOff(row, link),
    // The history without what a sign-off keeps inside (its file key): signOff presents that.
    activities: row.activities.map(({ type, date, userId }) => ({ type, date, userId })),
    servicePackages: row.servicePackages,
    _links: { self: { href: `/v2/api/store/${row.storeId}/inspectionOrder/${row.id}` } },
    _embedded: {
      customer: customer
        ? { _id: customer.id, firstName: customer.firstName, lastName: customer.lastName, business: customer.business, honorific: customer.honorific }
        : null,
      vehicle: vehicle
        ? {
            _id: vehicle.id,
            year: vehicle.year,
            make: vehicle.make,
            model: vehicle.model,
            engine: vehicle.engine,
            vin: vehicle.vin,
            licensePlate: vehicle.licensePlate,
            fleetNumber: vehicle.fleetNumber,
            color: vehicle.color,
          }
        : null,
      serviceAdvisor: advisor ? { _id: advisor.id, firstName: advisor.firstName, lastName: advisor.lastName } : null,
      technician: technician ? { _id: technician.id, firstName: technician.firstName, lastName: technician.lastName } : null,
    },
  };
}
