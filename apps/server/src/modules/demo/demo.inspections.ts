import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { itemsOf, severityDefaults, ZInspectionDefinition, type InspectionItem, type ResultSeverity } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { createDemoRepository } from './demo.repository.js';
import type { FileStore } from '../../platform/files/index.js';
import { RESULT_PICTURE_VARIANTS } from '../../platform/files/images.js';
import { storePicture } from '../../platform/files/uploads.js';
import { createInspectionsRepository } from '../inspections/inspections.repository.js';
import { DETAILED_INSPECTION_ID, MULTI_POINT_INSPECTION_ID, PRODUCT_TEMPLATES, QUICK_PHOTO_INSPECTION_ID } from '../inspections/templates.js';

/**
 * Demo inspections (docs/inspections.md "Demo data"): results of every severity, measurements and
 * small generated pictures on a few Downtown orders, so a person trying the product sees a full
 * inspection. Seeded after the orders (demo.orders.ts), by order number.
 */
interface DemoInspection {
  number: string;
  typeId: string;
  /** Share of the items answered: 1 for a finished inspection. */
  answered: number;
  /** Items that get a warning or a critical result (else okay), with their measurement. */
  findings: Record<string, { result: ResultSeverity; value?: number; note?: string; picture?: boolean }>;
  /** Measurements of the items answered okay. */
  okayValues?: Record<string, number>;
}

const OKAY_VALUES: Record<string, number> = {
  frontBrakePads: 8,
  rearBrakePads: 7,
  batteryVoltage: 12.6,
  batteryCca: 620,
  treadLeftFront: 7,
  treadRightFront: 7,
  treadLeftRear: 8,
  treadRightRear: 8,
  tirePressure: 35,
};

export const DEMO_INSPECTIONS: readonly DemoInspection[] = [
  // Vehicle 0's history: its earlier visits' measurements show beside 10231's.
  { number: '10101', typeId: MULTI_POINT_INSPECTION_ID, answered: 1, findings: {}, okayValues: { frontBrakePads: 9, batteryVoltage: 12.7, treadLeftFront: 9 } },
  {
    number: '10150',
    typeId: MULTI_POINT_INSPECTION_ID,
    answered: 1,
    findings: { frontBrakePads: { result: 'warning', value: 5 } },
    okayValues: { frontBrakePads: 5, batteryVoltage: 12.5, treadLeftFront: 6 },
  },
  // Jane's second car, four months ago: tires getting low, the rest fine.
  {
    number: '10120',
    typeId: MULTI_POINT_INSPECTION_ID,
    answered: 1,
    findings: { treadLeftRear: { result: 'warning', value: 4 }, treadRightRear: { result: 'warning', value: 4 } },
  },
  // In progress, Jane's car: a technician is half way through.
  {
    number: '10231',
    typeId: MULTI_POINT_INSPECTION_ID,
    answered: 0.5,
    findings: {
      frontBrakePads: { result: 'critical', value: 2, note: 'Inner pad worn to the indicator', picture: true },
      batteryVoltage: { result: 'warning', value: 12.3 },
      engineOil: { result: 'warning', note: 'Oil change due in 500 km' },
      coolant: { result: 'na' },
      exteriorDamage: { result: 'warning', note: 'Scratch on the rear bumper', picture: true },
    },
  },
  // Finished: a detailed inspection with every severity.
  {
    number: '10233',
    typeId: DETAILED_INSPECTION_ID,
    answered: 1,
    findings: {
      treadLeftFront: { result: 'critical', value: 1.5, picture: true },
      treadRightFront: { result: 'warning', value: 3 },
      rearRotors: { result: 'warning', note: 'Light scoring' },
      wiperBlades: { result: 'critical', note: 'Streaking, rubber torn', picture: true },
      cabinAirFilter: { result: 'warning' },
      batteryCca: { result: 'warning', value: 430 },
    },
  },
  // Finished: a quick photo inspection.
  {
    number: '10234',
    typeId: QUICK_PHOTO_INSPECTION_ID,
    answered: 1,
    findings: {
      frontPhoto: { result: 'okay', picture: true },
      driverSidePhoto: { result: 'warning', note: 'Dent on the driver door', picture: true },
      windshield: { result: 'critical', note: 'Crack in the driver’s view' },
    },
  },
  // Jane's reports (demo.reports.ts): a windshield ticket on her first car, wholly approved...
  {
    number: '10260',
    typeId: QUICK_PHOTO_INSPECTION_ID,
    answered: 1,
    findings: {
      frontPhoto: { result: 'okay', picture: true },
      windshield: { result: 'critical', note: 'Crack of 20 cm from a stone chip, in the driver’s view', picture: true },
      exteriorLights: { result: 'warning', note: 'Left low beam out' },
      dashWarningLights: { result: 'warning', note: 'Tire pressure light on; left rear sensor not reading', picture: true },
    },
  },
  // ...and a multi-point inspection of her second car, partly declined.
  {
    number: '10261',
    typeId: MULTI_POINT_INSPECTION_ID,
    answered: 1,
    findings: {
      frontBrakePads: { result: 'critical', value: 2.5, note: 'Pads almost down to the backing plate', picture: true },
      frontRotors: { result: 'warning', note: 'Grooved and below the discard thickness soon' },
      batteryVoltage: { result: 'warning', value: 12.1, note: 'Slow to crank in the cold' },
      engineAirFilter: { result: 'warning', note: 'Dirty', picture: true },
      wiperBlades: { result: 'warning', note: 'Streaking' },
      washerFluid: { result: 'na' },
    },
    okayValues: { rearBrakePads: 6, treadLeftFront: 6, treadRightFront: 6, treadLeftRear: 7, treadRightRear: 7 },
  },
  // In progress, just started.
  {
    number: '10242',
    typeId: MULTI_POINT_INSPECTION_ID,
    answered: 0.2,
    findings: { dashWarningLights: { result: 'warning', note: 'Check engine light on', picture: true } },
  },
];

const COLORS: Record<ResultSeverity, string> = { okay: '#2f9e44', warning: '#f08c00', critical: '#e03131', na: '#868e96' };

/**
 * A small picture that looks like a finding photographed and annotated: a shaded panel, a part
 * outline, and the editor's red arrow and yellow circle (the annotation colours).
 */
async function demoPicture(dir: string, seed: number, severity: ResultSeverity): Promise<string> {
  const file = path.join(dir, `demo-${seed}.png`);
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},20%,70%)"/><stop offset="1" stop-color="hsl(${hue},25%,30%)"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>
    <rect x="${180 + (seed % 5) * 20}" y="170" width="380" height="240" rx="40" fill="hsl(${hue},10%,45%)" stroke="#222" stroke-width="6"/>
    <circle cx="400" cy="290" r="70" fill="none" stroke="#fcc419" stroke-width="4"/>
    <line x1="660" y1="110" x2="470" y2="250" stroke="#e03131" stroke-width="4"/>
    <polygon points="470,250 500,245 485,225" fill="#e03131"/>
    <rect x="20" y="540" width="160" height="40" rx="8" fill="${COLORS[severity]}"/>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

function valueFor(item: InspectionItem, plan: DemoInspection, given?: number): number | null {
  if (!item.measurement) return null;
  return given ?? plan.okayValues?.[item.itemKey] ?? OKAY_VALUES[item.itemKey] ?? null;
}

/**
 * Seeds the demo inspections on the Downtown orders the plan names; pictures are generated and
 * stored with their gallery, phone and original copies. Returns the number of results written.
 */
export async function seedDemoInspections(db: Db, files: FileStore): Promise<number> {
  const demo = createDemoRepository(db);
  const store = await demo.storeByName('Downtown');
  if (!store) return 0;
  const orders = await demo.ordersByNumbers(store.id, DEMO_INSPECTIONS.map((d) => d.number));
  const tech = await demo.userByUsername('tech');
  const repo = createInspectionsRepository(db);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'servicebay-demo-'));
  let written = 0;
  let seed = 0;
  try {
    for (const plan of DEMO_INSPECTIONS) {
      const order = orders.find((o) => o.orderNumber === plan.number);
      if (!order) continue;
      await demo.setOrderType(order.id, plan.typeId);
      const template = PRODUCT_TEMPLATES.find((p) => p.id === plan.typeId)!;
      const items = itemsOf(ZInspectionDefinition.parse(template.definition));
      const count = Math.ceil(items.length * plan.answered);
      const chosen = [...items.slice(0, count), ...items.slice(count).filter((i) => plan.findings[i.item.itemKey])];
      for (const [rank, { group, section, item }] of chosen.entries()) {
        const wanted = plan.findings[item.itemKey];
        const result: ResultSeverity = wanted?.result ?? 'okay';
        const defaults = severityDefaults(item, result);
        const row = await repo.insertResult({
          storeId: store.id,
          inspectionOrderId: order.id,
          groupKey: group,
          sectionKey: section,
          itemKey: item.itemKey,
          multiple: item.multiple,
          rank,
          result,
          finding: defaults.finding,
          recommendation: defaults.recommendation,
          findingText: defaults.finding === 'Other' ? (wanted?.note ?? null) : null,
          note: wanted?.note ?? null,
          mapValue: result === 'warning' ? '1' : result === 'critical' ? 'A' : null,
          value: result === 'na' ? null : valueFor(item, plan, wanted?.value),
          confirmed: plan.answered === 1,
          createdBy: tech?.id ?? null,
          createdAt: new Date(order.createdAt.getTime() + (rank + 1) * 60_000),
        });
        written++;
        if (wanted?.picture) {
          const source = await demoPicture(dir, ++seed, result);
          const stored = await storePicture(files, source, `${item.itemKey}.jpg`, undefined, RESULT_PICTURE_VARIANTS);
          await repo.insertMedia({
            storeId: store.id,
            resultId: row.id,
            kind: 'picture',
            name: `${item.itemKey}.jpg`,
            fileKey: stored.file.key,
            originalKey: stored.variants.original?.key ?? null,
            galleryKey: stored.variants.gallery?.key ?? null,
            phoneKey: stored.variants.phone?.key ?? null,
            thumbKey: stored.variants.thumb?.key ?? null,
            contentType: stored.file.contentType,
            size: stored.file.size,
            workerName: tech ? `${tech.firstName} ${tech.lastName}` : null,
            workerTitle: 'Technician',
            dateTime: new Date(order.createdAt.getTime() + (rank + 1) * 60_000),
            gpsLat: 45.5017,
            gpsLong: -73.5673,
          });
        }
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return written;
}
