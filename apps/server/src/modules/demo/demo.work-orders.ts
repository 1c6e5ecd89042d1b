import type { Db } from '../../platform/db/client.js';
import type { ApprovedWork, IntegrationsService, ProtractorSimulator } from '../integrations/index.js';
import { createDemoRepository } from './demo.repository.js';

export interface DemoWorkOrderServices {
  integrations: Pick<IntegrationsService, 'workOrder' | 'setCompleted' | 'clock' | 'parts'>;
  protractorSimulator: Pick<ProtractorSimulator, 'pushApprovedWork' | 'parts' | 'setPartStatus'>;
}

type Job = ApprovedWork['jobs'][number] & { technician: 'tech' | 'tech2'; done?: boolean; partsStatus?: 'ordered' | 'received' };

/**
 * Downtown's work orders in the local Protractor simulator (docs/integrations.md "Demo data"),
 * chosen so each ticket's mirrored work state is the one the demo tickets already show: 10237
 * (work in progress: one line done, and `tech`'s clock running on the other), 10238 (all done),
 * 10246 (approved, nothing done yet, a part declined).
 */
const PLAN: Record<string, Job[]> = {
  '10237': [
    {
      reference: 'demo-10237-brakes',
      description: 'Front brake pads and rotors',
      labourHours: 1.5,
      parts: [
        { number: 'BP-4410', description: 'Front brake pads', quantity: 1 },
        { number: 'BR-2210', description: 'Front rotors', quantity: 2 },
      ],
      declined: false,
      technician: 'tech2',
      done: true,
      partsStatus: 'received',
    },
    { reference: 'demo-10237-alignment', description: 'Wheel alignment', labourHours: 1, parts: [], declined: false, technician: 'tech' },
  ],
  '10238': [
    {
      reference: 'demo-10238-oil',
      description: 'Oil and filter change',
      labourHours: 0.5,
      parts: [{ number: 'OF-1020', description: 'Oil filter', quantity: 1 }],
      declined: false,
      technician: 'tech',
      done: true,
      partsStatus: 'received',
    },
  ],
  '10246': [
    { reference: 'demo-10246-battery', description: 'Battery replacement', labourHours: 0.5, parts: [], declined: false, technician: 'tech2' },
    {
      reference: 'demo-10246-wipers',
      description: 'Wiper blades',
      labourHours: 0,
      parts: [{ number: 'WB-5500', description: 'Wiper blade', quantity: 2 }],
      declined: true,
      technician: 'tech2',
    },
  ],
};

export async function seedDemoWorkOrders(db: Db, services: DemoWorkOrderServices): Promise<void> {
  const demo = createDemoRepository(db);
  const store = await demo.storeByName('Downtown');
  const people = { tech: await demo.userByUsername('tech'), tech2: await demo.userByUsername('tech2') };
  if (!store || !people.tech || !people.tech2) return;
  const names = { tech: 'Theo Tremblay', tech2: `${people.tech2.firstName} ${people.tech2.lastName}`.trim() };
  const orders = await demo.ordersByNumbers(store.id, Object.keys(PLAN));
  for (const order of orders) {
    const jobs = PLAN[order.orderNumber ?? ''] ?? [];
    for (const job of jobs) {
      const who = people[job.technician]!;
      const wo = await services.protractorSimulator.pushApprovedWork(store.id, {
        inspectionOrderId: order.id,
        headerDescription: `RO ${order.orderNumber}`,
        technician: { ID: who.id, Name: names[job.technician] },
        jobs: [job],
      });
      for (const part of await services.protractorSimulator.parts(store.id, wo.ID)) {
        const status = jobs.find((j) => j.parts.some((p) => p.number === part.PartNumber))?.partsStatus;
        if (status) await services.protractorSimulator.setPartStatus(store.id, part.ID, status);
      }
    }
    // Linked and mirrored on the ticket through the service, as a read of the work order page would.
    const wo = await services.integrations.workOrder(store.id, order.id);
    for (const job of jobs.filter((j) => j.done)) {
      const line = wo.ServicePackages.flatMap((p) => p.ServicePackageLines).find((l) => l.Type === 'Labor' && l.ExternalReference === job.reference);
      if (line) await services.integrations.setCompleted(store.id, order.id, { kind: 'line', lineId: line.ID }, true);
    }
  }
  // tech's clock runs on 10237's alignment line.
  const running = orders.find((o) => o.orderNumber === '10237');
  if (!running) return;
  const wo = await services.integrations.workOrder(store.id, running.id);
  const line = wo.ServicePackages.flatMap((p) => p.ServicePackageLines).find((l) => l.ExternalReference === 'demo-10237-alignment' && l.Type === 'Labor');
  if (line) {
    await services.integrations.clock(store.id, people.tech.id, { id: people.tech.id, type: 'Technician' }, 'start', {
      inspectionOrderId: running.id,
      servicePackageLineId: line.ID,
    });
  }
}
