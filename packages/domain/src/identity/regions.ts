/**
 * The states and provinces a store's address may name, by country: the fifty US states and the
 * District of Columbia, the ten Canadian provinces and three territories. Each has its postal code
 * and its name in English and French (the French names of the Canadian ones are their own).
 */

export const COUNTRIES = ['us', 'ca'] as const;
export type Country = (typeof COUNTRIES)[number];

/** A store's country when none is given. */
export const DEFAULT_COUNTRY: Country = 'us';

export interface Region {
  code: string;
  en: string;
  fr: string;
}

const same = (code: string, name: string): Region => ({ code, en: name, fr: name });

const US_STATES: readonly Region[] = [
  same('AL', 'Alabama'), same('AK', 'Alaska'), same('AZ', 'Arizona'), same('AR', 'Arkansas'),
  { code: 'CA', en: 'California', fr: 'Californie' }, same('CO', 'Colorado'), same('CT', 'Connecticut'),
  same('DE', 'Delaware'), { code: 'DC', en: 'District of Columbia', fr: 'District de Columbia' },
  { code: 'FL', en: 'Florida', fr: 'Floride' }, { code: 'GA', en: 'Georgia', fr: 'Géorgie' },
  { code: 'HI', en: 'Hawaii', fr: 'Hawaï' }, same('ID', 'Idaho'), same('IL', 'Illinois'), same('IN', 'Indiana'),
  same('IA', 'Iowa'), same('KS', 'Kansas'), same('KY', 'Kentucky'), { code: 'LA', en: 'Louisiana', fr: 'Louisiane' },
  same('ME', 'Maine'), same('MD', 'Maryland'), same('MA', 'Massachusetts'), same('MI', 'Michigan'),
  same('MN', 'Minnesota'), same('MS', 'Mississippi'), same('MO', 'Missouri'), same('MT', 'Montana'),
  same('NE', 'Nebraska'), same('NV', 'Nevada'), same('NH', 'New Hampshire'), same('NJ', 'New Jersey'),
  { code: 'NM', en: 'New Mexico', fr: 'Nouveau-Mexique' }, same('NY', 'New York'),
  { code: 'NC', en: 'North Carolina', fr: 'Caroline du Nord' }, { code: 'ND', en: 'North Dakota', fr: 'Dakota du Nord' },
  same('OH', 'Ohio'), same('OK', 'Oklahoma'), same('OR', 'Oregon'), { code: 'PA', en: 'Pennsylvania', fr: 'Pennsylvanie' },
  same('RI', 'Rhode Island'), { code: 'SC', en: 'South Carolina', fr: 'Caroline du Sud' },
  { code: 'SD', en: 'South Dakota', fr: 'Dakota du Sud' }, same('TN', 'Tennessee'), same('TX', 'Texas'),
  same('UT', 'Utah'), same('VT', 'Vermont'), { code: 'VA', en: 'Virginia', fr: 'Virginie' },
  same('WA', 'Washington'), { code: 'WV', en: 'West Virginia', fr: 'Virginie-Occidentale' },
  same('WI', 'Wisconsin'), same('WY', 'Wyoming'),
];

const CANADIAN_PROVINCES: readonly Region[] = [
  same('AB', 'Alberta'),
  { code: 'BC', en: 'British Columbia', fr: 'Colombie-Britannique' },
  same('MB', 'Manitoba'),
  { code: 'NB', en: 'New Brunswick', fr: 'Nouveau-Brunswick' },
  { code: 'NL', en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' },
  { code: 'NS', en: 'Nova Scotia', fr: 'Nouvelle-Écosse' },
  { code: 'NT', en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' },
  same('NU', 'Nunavut'),
  same('ON', 'Ontario'),
  { code: 'PE', en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' },
  { code: 'QC', en: 'Quebec', fr: 'Québec' },
  same('SK', 'Saskatchewan'),
  same('YT', 'Yukon'),
];

export const REGIONS: Readonly<Record<Country, readonly Region[]>> = { us: US_STATES, ca: CANADIAN_PROVINCES };

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

/** Whether `code` is one of the country's states or provinces (codes are upper case). */
export function isRegionOf(country: Country, code: string): boolean {
  return REGIONS[country].some((r) => r.code === code);
}

/** The country's states or provinces as options of a list, named in the language, sorted by name. */
export function regionOptions(country: Country, language: 'en' | 'fr'): { value: string; label: string }[] {
  return REGIONS[country]
    .map((r) => ({ value: r.code, label: r[language] }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** What is wrong with a store's state for its country, or null: a state must be on the country's list. */
export function regionProblem(country: Country, state: string | null | undefined): string | null {
  if (state === null || state === undefined || state === '') return null;
  return isRegionOf(country, state) ? null : `must be a ${country === 'ca' ? 'province or territory of Canada' : 'state of the United States'}`;
}
