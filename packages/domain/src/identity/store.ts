import { z } from 'zod';
import { taxProblems, type TaxProblem } from '../estimates/money.js';
import { isTimeZone, storeTimeZone } from '../portal/time-zones.js';
import { DEFAULT_COUNTRY, isCountry } from './regions.js';

export const WORKFLOW_VERSIONS = ['1', '2'] as const;
export const MANAGEMENT_SYSTEMS = ['protractor', 'vastenterprise', 'PBS'] as const;
export const THEMES = ['estimates', 'napa', 'default'] as const;

const ZDay = z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
const ZHour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm');

/** One day of opening hours; `open` may be the word closed. */
export const ZOpenDay = z.union([
  z.strictObject({ day: ZDay, open: z.literal('closed'), close: z.string().optional() }),
  z.strictObject({ day: ZDay, open: ZHour, close: ZHour }),
]);
export type OpenDay = z.infer<typeof ZOpenDay>;

/** A store's settings, with the defaults a new store starts from. */
export const CURRENCIES = ['USD', 'CAD'] as const;

/**
 * A tax an estimate applies: its name (in English, and in French when it differs: GST / TPS), its
 * rate, and which amounts it applies to. Settings saved before the French name existed have none:
 * French then shows the English name (taxName).
 */
export const ZEstimateTax = z.strictObject({
  name: z.string().trim().min(1).max(40),
  nameFr: z.string().trim().max(40).optional(),
  ratePercent: z.number().min(0).max(100),
  onLabour: z.boolean(),
  onParts: z.boolean(),
  onFees: z.boolean(),
});
export type EstimateTax = z.infer<typeof ZEstimateTax>;

const TAX_PROBLEM_MESSAGES: Record<TaxProblem['problem'], string> = {
  nameMissing: 'a tax needs a name',
  nameTaken: 'each tax needs its own name',
  rateOutOfRange: 'the rate must be from 0 to 100 %',
  appliesToNothing: 'a tax must apply to labour, parts or fees',
};

export const ZStoreSettings = z.object({
  workflowVersion: z.enum(WORKFLOW_VERSIONS).default('2'),
  paymentsEnabled: z.boolean().default(false),
  automaticInspectionSelectionEnabled: z.boolean().default(false),
  defaultInspection: z.string().nullable().default(null),
  vinScannerVersion: z.string().nullable().default(null),
  darkOrLightTheme: z.enum(THEMES).default('default'),
  inspectionTimeTrackerEnable: z.boolean().default(false),
  techCanWorkOnlyOwnInspection: z.boolean().default(false),
  technicianUseSADashboard: z.boolean().default(false),
  scheduledMaintenanceEnabled: z.boolean().default(false),
  vinOrOrderNumberMandatory: z.boolean().default(false),
  vinIsMandatory: z.boolean().default(false),
  /** A new order without a typed number gets the next number of the store's own sequence. */
  assignOrderNumbers: z.boolean().default(true),
  internalChatEnabled: z.boolean().default(false),
  internalChatWorkspaceId: z.string().nullable().default(null),
  auditStore: z.boolean().default(false),
  proscanShopId: z.string().nullable().default(null),
  enabledProscanData: z.boolean().default(false),
  enabledMotorData: z.boolean().default(false),
  logoutByInactivity: z
    .object({ unit: z.enum(['minutes', 'hours']), value: z.number().int().min(1).max(1440) })
    .nullable()
    .default(null),
  /** Estimates (docs/estimates.md): currency, labour rate in cents per hour, and the taxes applied. */
  currency: z.enum(CURRENCIES).default('USD'),
  labourRate: z.number().int().min(0).max(10_000_00).default(120_00),
  taxes: z
    .array(ZEstimateTax)
    .max(5)
    .superRefine((taxes, ctx) => {
      for (const p of taxProblems(taxes)) ctx.addIssue({ code: 'custom', path: [p.index], message: TAX_PROBLEM_MESSAGES[p.problem] });
    })
    .default([]),
  /**
   * The store's IANA time zone (America/Toronto); null: the default of its province or state
   * (storeTimeZone). Appointments and the store's "today" are read in it.
   */
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'must be an IANA time zone such as America/Toronto')
    .nullable()
    .default(null),
  cannedMessages: z.array(z.object({ text: z.string().min(1).max(1000) })).max(100).default([]),
  integration: z
    .object({
      managementSystem: z.enum(MANAGEMENT_SYSTEMS).nullable().default(null),
      enabled: z.boolean().default(false),
      twoWay: z.boolean().default(false),
      endpoint: z.string().nullable().default(null),
      enableClockIn: z.boolean().default(false),
      searchSMSDatabase: z.boolean().default(false),
      displayAllExpandedByDefault: z.boolean().default(false),
    })
    .default({
      managementSystem: null,
      enabled: false,
      twoWay: false,
      endpoint: null,
      enableClockIn: false,
      searchSMSDatabase: false,
      displayAllExpandedByDefault: false,
    }),
});
export type StoreSettings = z.infer<typeof ZStoreSettings>;

/** Settings as stored may predate a setting: read them through this to get every default. */
export function readStoreSettings(stored: unknown): StoreSettings {
  const parsed = ZStoreSettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : ZStoreSettings.parse({});
}

/** The zone of a store as it is stored (settings, country and state columns). */
export function storedStoreTimeZone(row: { settings: unknown; country: string | null; state: string | null }): string {
  return storeTimeZone({
    timeZone: readStoreSettings(row.settings).timeZone,
    country: isCountry(row.country) ? row.country : DEFAULT_COUNTRY,
    state: row.state,
  });
}
