import { z } from 'zod';
import { isValidEmail, phoneDigits } from '../customers/customer.js';
import { COUNTRIES, DEFAULT_COUNTRY, regionProblem, type Country } from './regions.js';
import { ZOpenDay, ZStoreSettings, type OpenDay, type StoreSettings } from './store.js';

/**
 * What a manager may change about a store (docs/administration.md): its details, its opening
 * hours, its admin PIN and every store setting. Pure, shared by the server (which
 * validates) and the staff app (which shows the same problems before sending).
 */

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];

/** '08:30' → 510; the hours were already checked to be HH:mm. */
function minutes(hour: string): number {
  const [h, m] = hour.split(':').map(Number);
  return h! * 60 + m!;
}

export type OpenTimeProblem = { day: Day; problem: 'closeBeforeOpen' | 'duplicateDay' };

/** Days whose hours cannot be: closing at or before opening, or a day given twice. */
export function openTimeProblems(openTime: readonly OpenDay[]): OpenTimeProblem[] {
  const problems: OpenTimeProblem[] = [];
  const seen = new Set<string>();
  for (const day of openTime) {
    if (seen.has(day.day)) problems.push({ day: day.day, problem: 'duplicateDay' });
    seen.add(day.day);
    if (day.open !== 'closed' && day.close !== undefined && minutes(day.close) <= minutes(day.open)) {
      problems.push({ day: day.day, problem: 'closeBeforeOpen' });
    }
  }
  return problems;
}

/** Opening hours of a store: at most one entry per day, each closing after it opens. */
export const ZOpenTime = z
  .array(ZOpenDay)
  .max(7)
  .superRefine((days, ctx) => {
    for (const p of openTimeProblems(days)) {
      ctx.addIssue({
        code: 'custom',
        message: p.problem === 'closeBeforeOpen' ? `${p.day} must close after it opens` : `${p.day} is given twice`,
      });
    }
  });

/** A phone is 10 digits with optional parentheses and separators. */
export const ZStorePhone = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === '' || phoneDigits(v) !== null, { message: 'must be a phone number of 10 digits' });

/** An e-mail of the standard shape. */
export const ZStoreEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || isValidEmail(v), { message: 'must be a valid e-mail address' });

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);

/** A store's name and contact details. Blank optional texts are stored as null. */
export const ZStoreDetails = z.strictObject({
  name: z.string().trim().min(1, 'name is mandatory').max(200),
  franchiseName: z.string().trim().max(200).nullable().optional().transform(blankToNull),
  email: ZStoreEmail.nullable().optional().transform(blankToNull),
  phoneNo: ZStorePhone.nullable().optional().transform(blankToNull),
  address: z.string().trim().max(500).nullable().optional().transform(blankToNull),
  /** The address's country, us or ca (us when none is given). */
  country: z.enum(COUNTRIES, { message: `must be one of ${COUNTRIES.join(', ')}` }).optional(),
  /** The address's state or province: a code on the country's list (QC, NY), null for none. */
  state: z.string().trim().toUpperCase().max(2).nullable().optional().transform(blankToNull),
});
export type StoreDetailsInput = z.input<typeof ZStoreDetails>;

/** A store address's state must be on its country's list (the default country when none is given). */
export function checkRegion(value: { country?: Country | undefined; state?: string | null | undefined }, ctx: z.RefinementCtx) {
  const problem = regionProblem(value.country ?? DEFAULT_COUNTRY, value.state);
  if (problem) ctx.addIssue({ code: 'custom', path: ['state'], message: problem });
}

type SettingsShape = typeof ZStoreSettings.shape;
type PatchShape = { [K in keyof SettingsShape]: z.ZodOptional<ReturnType<SettingsShape[K]['unwrap']>> };

/** Each setting of ZStoreSettings without its default: a change names only what it changes. */
const settingsPatchShape = Object.fromEntries(
  Object.entries(ZStoreSettings.shape).map(([name, schema]) => [name, schema.unwrap().optional()]),
) as PatchShape;

/** An admin PIN: 4 to 8 digits; null removes it. */
export const ZAdminPin = z.string().trim().regex(/^\d{4,8}$/, 'must be 4 to 8 digits');

/**
 * PUT /v2/api/store/{storeId}/settings: any of the settings, details, opening hours and the admin
 * PIN; what is not sent stays. The server validates the merged result with ZStoreSettings.
 */
export const ZStoreSettingsChange = z
  .strictObject({
    ...settingsPatchShape,
    name: ZStoreDetails.shape.name.optional(),
    franchiseName: ZStoreDetails.shape.franchiseName,
    email: ZStoreDetails.shape.email,
    phoneNo: ZStoreDetails.shape.phoneNo,
    address: ZStoreDetails.shape.address,
    country: ZStoreDetails.shape.country,
    state: ZStoreDetails.shape.state,
    openTime: ZOpenTime.optional(),
    adminPIN: ZAdminPin.nullable().optional(),
  })
  // The state is read against the country sent with it: the two change together.
  .refine((b) => (b.country === undefined) === (b.state === undefined), {
    message: 'country and state are changed together',
    path: ['state'],
  })
  .superRefine(checkRegion)
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'a setting to change is mandatory' });
export type StoreSettingsChange = z.input<typeof ZStoreSettingsChange>;

/** Splits a parsed change into the settings (merged over the current ones) and the rest. */
export function applySettingsChange(current: StoreSettings, change: z.output<typeof ZStoreSettingsChange>) {
  const { name, franchiseName, email, phoneNo, address, country, state, openTime, adminPIN, ...settings } = change;
  const defined = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
  return {
    settings: ZStoreSettings.parse({ ...current, ...defined }),
    details: Object.fromEntries(
      Object.entries({ name, franchiseName, email, phoneNo, address, country, state }).filter(([, v]) => v !== undefined),
    ) as Partial<{
      name: string;
      franchiseName: string | null;
      email: string | null;
      phoneNo: string | null;
      address: string | null;
      country: Country;
      state: string | null;
    }>,
    openTime,
    adminPIN,
  };
}

/** The week in order, every day present: a store's hours as the settings page edits them. */
export function fullWeek(openTime: readonly OpenDay[]): OpenDay[] {
  return DAYS.map((day) => openTime.find((d) => d.day === day) ?? { day, open: 'closed' as const });
}

/** The settings page's groups, in order, so the page and docs/administration.md say the same. */
export const SETTINGS_GROUPS = {
  hours: ['timeZone'],
  workflow: ['workflowVersion', 'techCanWorkOnlyOwnInspection', 'technicianUseSADashboard', 'inspectionTimeTrackerEnable'],
  tickets: ['assignOrderNumbers', 'vinOrOrderNumberMandatory', 'vinIsMandatory', 'scheduledMaintenanceEnabled', 'automaticInspectionSelectionEnabled', 'defaultInspection'],
  payments: ['paymentsEnabled'],
  estimates: ['currency', 'labourRate', 'taxes'],
  communication: ['internalChatEnabled', 'internalChatWorkspaceId', 'cannedMessages'],
  security: ['logoutByInactivity', 'auditStore'],
  appearance: ['darkOrLightTheme', 'vinScannerVersion'],
  vehicleData: ['enabledProscanData', 'proscanShopId', 'enabledMotorData'],
  integration: ['integration'],
} as const satisfies Record<string, ReadonlyArray<keyof StoreSettings>>;
