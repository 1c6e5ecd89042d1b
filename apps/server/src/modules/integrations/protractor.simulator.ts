import { randomUUID } from 'node:crypto';
import { AppError, errors, isWorkOrderClosed, type ServicePackageLine, type ShopPart, type WorkOrderServicePackage } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import {
  createSimulatorRepository,
  presentSimEvent,
  presentSimPart,
  presentSimWorkOrder,
  type SimWorkOrderRow,
  type SimulatorQueries,
  type SimulatorRepository,
} from './protractor-simulator.repository.js';
import type { ApprovedJob, LineSelector, RemoteWorkOrder, ShopSystemAdapter } from './shop-system.js';

/**
 * The local Protractor simulator (docs/integrations.md): answers every call of the adapter as the
 * real system would, from its own tables, so a shop without Protractor, the demo and the tests get
 * real work orders, parts and clocks. Its errors are the system's: a closed or invoiced work order
 * takes no change (WORK_ORDER_CLOSED), a technician runs one line clock at a time
 * (CLOCK_ALREADY_RUNNING). `latencyMs` makes it answer slowly, as the real system does at times.
 */
export interface SimulatorOptions {
  latencyMs?: number;
  now?: () => Date;
}

const closedError = () => new AppError(409, 'WORK_ORDER_CLOSED', 'The work order is closed or invoiced');
const lineMissing = () => errors.notFound('No such labour line on the work order');

/** Applies `change` to the labour lines a selector picks; answers how many it picked. */
function eachLine(packages: WorkOrderServicePackage[], selector: LineSelector, change: (line: ServicePackageLine) => void): number {
  let picked = 0;
  for (const line of packages.flatMap((p) => p.ServicePackageLines)) {
    if (line.Type !== 'Labor') continue;
    const match = selector.kind === 'all' || (selector.kind === 'line' ? line.ID === selector.lineId : line.Technician?.ID === selector.technicianId);
    if (match) {
      change(line);
      picked += 1;
    }
  }
  return picked;
}

/** A job's service package: a labour line (when it has hours, or nothing else) and a line per part. */
function packageOf(job: ApprovedJob, chapter: number, technician: ServicePackageLine['Technician']): WorkOrderServicePackage {
  const line = (type: ServicePackageLine['Type'], description: string, quantity: number, tech: ServicePackageLine['Technician']): ServicePackageLine => ({
    ID: randomUUID(),
    Type: type,
    Description: description,
    Quantity: quantity,
    Completed: false,
    Technician: tech,
    ClockRunning: false,
    ExternalReference: job.reference,
  });
  const lines = job.labourHours > 0 || job.parts.length === 0 ? [line('Labor', job.description, job.labourHours, technician)] : [];
  for (const part of job.parts) lines.push(line('Part', part.number ? `${part.number} ${part.description}` : part.description, part.quantity, null));
  return { ID: randomUUID(), Chapter: String(chapter), Description: job.description, ServicePackageLines: lines };
}

async function mustRow(repo: SimulatorQueries, storeId: string, id: string, forUpdate = false): Promise<SimWorkOrderRow> {
  const found = await repo.workOrder(storeId, id, forUpdate);
  if (!found) throw errors.notFound('No such work order');
  return found;
}

/** Marks whether a clock runs on the line; the first technician to clock on it takes it. */
async function setRunning(repo: SimulatorQueries, storeId: string, workOrderId: string, lineId: string, running: boolean, technician?: { ID: string; Name: string }) {
  const current = await repo.workOrder(storeId, workOrderId, true);
  if (!current) return;
  const packages = structuredClone(current.servicePackages as WorkOrderServicePackage[]);
  eachLine(packages, { kind: 'line', lineId }, (line) => {
    line.ClockRunning = running;
    if (technician && !line.Technician) line.Technician = technician;
  });
  await repo.writePackages(current, packages);
}

/** The work orders and parts of the simulator. */
function simulatorWorkOrders(repo: SimulatorRepository, slow: () => Promise<void>) {
  return {
    async workOrderOf(storeId: string, inspectionOrderId: string) {
      await slow();
      const found = await repo.workOrderOfTicket(storeId, inspectionOrderId);
      return found ? presentSimWorkOrder(found) : null;
    },

    async workOrder(storeId: string, workOrderId: string) {
      await slow();
      const found = await repo.workOrder(storeId, workOrderId);
      return found ? presentSimWorkOrder(found) : null;
    },

    async pushApprovedWork(storeId: string, work: Parameters<ShopSystemAdapter['pushApprovedWork']>[1]) {
      await slow();
      return repo.transaction(async (tx) => {
        await tx.lock(`protractor-wo:${storeId}:${work.inspectionOrderId}`);
        const current = (await tx.workOrderOfTicket(storeId, work.inspectionOrderId)) ?? (await tx.createWorkOrder(storeId, work.inspectionOrderId, work.headerDescription));
        if (isWorkOrderClosed(presentSimWorkOrder(current))) throw closedError();
        const packages = structuredClone(current.servicePackages as WorkOrderServicePackage[]);
        const known = new Set([...packages.flatMap((p) => p.ServicePackageLines.map((l) => l.ExternalReference)), ...(await tx.partReferences(current.id))]);
        const fresh = work.jobs.filter((job) => !known.has(job.reference));
        // A declined job's parts are kept, flagged; only approved jobs become service packages.
        for (const job of fresh.filter((j) => !j.declined)) packages.push(packageOf(job, packages.length + 1, work.technician));
        await tx.insertParts(
          fresh.flatMap((job) =>
            job.parts.map((p) => ({
              storeId,
              workOrderId: current.id,
              partNumber: p.number,
              description: p.description,
              quantity: p.quantity,
              declined: job.declined,
              externalReference: job.reference,
            })),
          ),
        );
        return presentSimWorkOrder(await tx.writePackages(current, packages));
      });
    },

    async setText(storeId: string, workOrderId: string, field: Parameters<ShopSystemAdapter['setText']>[2], value: string) {
      await slow();
      return repo.transaction(async (tx) => {
        const current = await mustRow(tx, storeId, workOrderId, true);
        if (isWorkOrderClosed(presentSimWorkOrder(current))) throw closedError();
        return presentSimWorkOrder(await tx.writeText(current, field, value));
      });
    },

    async setCompleted(storeId: string, workOrderId: string, selector: LineSelector, completed: boolean) {
      await slow();
      return repo.transaction(async (tx) => {
        const current = await mustRow(tx, storeId, workOrderId, true);
        if (isWorkOrderClosed(presentSimWorkOrder(current))) throw closedError();
        const packages = structuredClone(current.servicePackages as WorkOrderServicePackage[]);
        const picked = eachLine(packages, selector, (line) => {
          line.Completed = completed;
        });
        if (selector.kind === 'line' && picked === 0) throw lineMissing();
        return presentSimWorkOrder(await tx.writePackages(current, packages));
      });
    },

    async parts(storeId: string, workOrderId: string) {
      await slow();
      await mustRow(repo, storeId, workOrderId);
      return (await repo.parts(storeId, workOrderId)).map(presentSimPart);
    },
  };
}

/** The technicians' clocks: one change at a time per technician, so a clock started twice at once runs once. */
function simulatorClocks(repo: SimulatorRepository, slow: () => Promise<void>, now: () => Date) {
  const forEmployee = <T>(storeId: string, employeeId: string, work: (tx: SimulatorQueries) => Promise<T>) =>
    repo.transaction(async (tx) => {
      await tx.lock(`protractor-clock:${storeId}:${employeeId}`);
      return work(tx);
    });
  const close = async (tx: SimulatorQueries, event: NonNullable<Awaited<ReturnType<SimulatorQueries['openEvent']>>>) => {
    const closed = await tx.closeEvent(event.id, now());
    if (event.type === 'Labor' && event.workOrderId && event.servicePackageLineId) {
      await setRunning(tx, event.storeId, event.workOrderId, event.servicePackageLineId, false);
    }
    return presentSimEvent(closed);
  };
  const openShift = async (tx: SimulatorQueries, storeId: string, employeeId: string) =>
    presentSimEvent(await tx.insertEvent({ storeId, employeeId, type: 'Shift', clockedIn: now() }));

  return {
    async clockEvents(storeId: string, filter: Parameters<ShopSystemAdapter['clockEvents']>[1]) {
      await slow();
      return (await repo.events(storeId, filter)).map(presentSimEvent);
    },

    async clockIn(storeId: string, employeeId: string) {
      await slow();
      return forEmployee(storeId, employeeId, async (tx) => {
        if (await tx.openEvent(storeId, employeeId, 'Shift')) throw new AppError(409, 'CLOCK_ALREADY_RUNNING', 'Already clocked in');
        return openShift(tx, storeId, employeeId);
      });
    },

    async clockOut(storeId: string, employeeId: string) {
      await slow();
      return forEmployee(storeId, employeeId, async (tx) => {
        const shift = await tx.openEvent(storeId, employeeId, 'Shift');
        if (!shift) throw new AppError(409, 'CLOCK_NOT_RUNNING', 'Not clocked in');
        const line = await tx.openEvent(storeId, employeeId, 'Labor');
        if (line) await close(tx, line);
        return close(tx, shift);
      });
    },

    async startLine(storeId: string, employeeId: string, workOrderId: string, lineId: string, technicianName: string) {
      await slow();
      return forEmployee(storeId, employeeId, async (tx) => {
        const current = await mustRow(tx, storeId, workOrderId);
        if (isWorkOrderClosed(presentSimWorkOrder(current))) throw closedError();
        const packages = current.servicePackages as WorkOrderServicePackage[];
        if (!packages.some((p) => p.ServicePackageLines.some((l) => l.ID === lineId && l.Type === 'Labor'))) throw lineMissing();
        if (await tx.openEvent(storeId, employeeId, 'Labor')) throw new AppError(409, 'CLOCK_ALREADY_RUNNING', 'A clock already runs for this technician');
        if (!(await tx.openEvent(storeId, employeeId, 'Shift'))) await openShift(tx, storeId, employeeId);
        const created = await tx.insertEvent({ storeId, employeeId, type: 'Labor', workOrderId, servicePackageLineId: lineId, clockedIn: now() });
        await setRunning(tx, storeId, workOrderId, lineId, true, { ID: employeeId, Name: technicianName });
        return presentSimEvent(created);
      });
    },

    async stopLine(storeId: string, employeeId: string, workOrderId: string, lineId: string) {
      await slow();
      return forEmployee(storeId, employeeId, async (tx) => {
        const open = await tx.openEvent(storeId, employeeId, 'Labor');
        if (!open || open.workOrderId !== workOrderId || open.servicePackageLineId !== lineId) throw new AppError(409, 'CLOCK_NOT_RUNNING', 'No clock runs on this line');
        return close(tx, open);
      });
    },
  };
}

export function createProtractorSimulator(db: Db, options: SimulatorOptions = {}) {
  const now = options.now ?? (() => new Date());
  const slow = async () => {
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
  };
  const repo = createSimulatorRepository(db);
  const adapter: ShopSystemAdapter = { kind: 'protractor-simulator', ...simulatorWorkOrders(repo, slow), ...simulatorClocks(repo, slow, now) };
  return {
    ...adapter,
    /** The simulator's own side, what a service writer does in Protractor: invoice (or reopen) a work order. */
    async invoice(storeId: string, workOrderId: string, at: Date | null = now()): Promise<RemoteWorkOrder> {
      const updated = await repo.setTimes(storeId, workOrderId, { invoiceTime: at });
      if (!updated) throw errors.notFound('No such work order');
      return presentSimWorkOrder(updated);
    },
    /** A part quoted, ordered or received in Protractor. */
    async setPartStatus(storeId: string, partId: string, status: ShopPart['Status']): Promise<ShopPart> {
      const updated = await repo.setPartStatus(storeId, partId, status);
      if (!updated) throw errors.notFound('No such part');
      return presentSimPart(updated);
    },
  };
}

export type ProtractorSimulator = ReturnType<typeof createProtractorSimulator>;
