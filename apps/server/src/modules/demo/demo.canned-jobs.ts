import { cannedJobNameKey, type CannedJobInput } from '@servicebay/domain';
import type { DemoWriter } from './demo.repository.js';

/**
 * The canned jobs every demo store keeps (docs/estimates.md "Canned jobs"): the common work of a
 * service shop, each with its labour hours, parts (number, description, quantity, unit price in
 * cents) and fees, so a line of a demo estimate is priced in one pick.
 */
export const DEMO_CANNED_JOBS: ReadonlyArray<Required<CannedJobInput>> = [
  {
    name: 'Oil change',
    labourHours: 0.5,
    parts: [
      { number: 'SYN-5W30-1L', description: 'Synthetic oil 5W-30, 1 L', quantity: 5, unitPrice: 9_49 },
      { number: 'OF-4459', description: 'Oil filter', quantity: 1, unitPrice: 12_99 },
    ],
    fees: [{ description: 'Used oil disposal', amount: 3_00 }],
  },
  {
    name: 'Front brake pads',
    labourHours: 1.2,
    parts: [
      { number: 'BP-1210F', description: 'Ceramic brake pads, front', quantity: 1, unitPrice: 89_99 },
      { number: 'HK-5520', description: 'Brake hardware kit', quantity: 1, unitPrice: 14_99 },
    ],
    fees: [{ description: 'Shop supplies', amount: 7_50 }],
  },
  {
    name: 'Rear brake pads',
    labourHours: 1.2,
    parts: [
      { number: 'BP-1210R', description: 'Ceramic brake pads, rear', quantity: 1, unitPrice: 79_99 },
      { number: 'HK-5521', description: 'Brake hardware kit', quantity: 1, unitPrice: 14_99 },
    ],
    fees: [{ description: 'Shop supplies', amount: 7_50 }],
  },
  {
    name: 'Front rotors',
    labourHours: 0.8,
    parts: [{ number: 'RT-3301', description: 'Brake rotor, front', quantity: 2, unitPrice: 74_99 }],
    fees: [],
  },
  {
    name: 'Wiper blades',
    labourHours: 0.2,
    parts: [
      { number: 'WB-26', description: 'Wiper blade, 26 in', quantity: 1, unitPrice: 24_99 },
      { number: 'WB-18', description: 'Wiper blade, 18 in', quantity: 1, unitPrice: 21_99 },
    ],
    fees: [],
  },
  {
    name: 'Cabin air filter',
    labourHours: 0.3,
    parts: [{ number: 'CF-1187', description: 'Cabin air filter', quantity: 1, unitPrice: 29_99 }],
    fees: [],
  },
  {
    name: 'Engine air filter',
    labourHours: 0.2,
    parts: [{ number: 'AF-5562', description: 'Engine air filter', quantity: 1, unitPrice: 27_99 }],
    fees: [],
  },
  { name: 'Tire rotation', labourHours: 0.5, parts: [], fees: [] },
  {
    name: 'Battery replacement',
    labourHours: 0.5,
    parts: [{ number: 'BAT-24F', description: 'Battery, group 24F, 650 CCA', quantity: 1, unitPrice: 189_99 }],
    fees: [{ description: 'Battery core charge', amount: 18_00 }],
  },
  {
    name: 'Coolant flush',
    labourHours: 1,
    parts: [{ number: 'AC-5050', description: 'Coolant 50/50, 3.78 L', quantity: 2, unitPrice: 19_99 }],
    fees: [{ description: 'Fluid disposal', amount: 5_00 }],
  },
  {
    name: 'Brake fluid flush',
    labourHours: 0.8,
    parts: [{ number: 'DOT4-1L', description: 'Brake fluid DOT 4, 1 L', quantity: 1, unitPrice: 16_99 }],
    fees: [{ description: 'Fluid disposal', amount: 5_00 }],
  },
  { name: 'Wheel alignment', labourHours: 1, parts: [], fees: [] },
  {
    name: 'Serpentine belt',
    labourHours: 0.8,
    parts: [{ number: 'SB-6K880', description: 'Serpentine belt', quantity: 1, unitPrice: 54_99 }],
    fees: [],
  },
];

/** Gives a demo store the common jobs above. */
export async function seedDemoCannedJobs(w: DemoWriter, storeId: string): Promise<void> {
  for (const job of DEMO_CANNED_JOBS) {
    await w.cannedJobs.insert(storeId, { ...job, nameKey: cannedJobNameKey(job.name) });
  }
}
