import type { EstimateTax } from '../identity/store.js';

/**
 * Money as people type and read it (docs/estimates.md): the API holds integer cents; forms show
 * dollars with two decimals.
 */

/** 12345 → 123.45 */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

/** 123.456 → 12346 (rounded to the cent); null for what is not a finite number. */
export function amountToCents(amount: number | string | null | undefined): number | null {
  const n = typeof amount === 'string' ? Number(amount.replace(',', '.')) : amount;
  if (n === null || n === undefined || !Number.isFinite(n)) return null;
  return Math.round(n * 100);
}

/** One formatter per locale and currency: making one costs far more than using it (a grid formats at every key). */
const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in cents for people: "$1,234.50" in English, "1 234,50 $" in French. */
export function formatMoney(cents: number, currency: 'USD' | 'CAD', language: string): string {
  const locale =
    language === 'fr' ? (currency === 'CAD' ? 'fr-CA' : 'fr-FR') : currency === 'CAD' ? 'en-CA' : 'en-US';
  const key = `${locale}:${currency}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return format.format(cents / 100);
}

/**
 * A rate for people, by the language's rules: 9.975 → "9.975%" in English, "9,975 %" in French
 * (a no-break space before the sign). Up to three decimals, as the settings allow.
 */
export function formatPercent(ratePercent: number, language: string): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-US', {
    style: 'percent',
    maximumFractionDigits: 3,
  }).format(ratePercent / 100);
}

/** A tax's name in a language: the French name when the store gave one, else the (English) name. */
export function taxName(tax: { name: string; nameFr?: string | null }, language: string): string {
  return (language === 'fr' && tax.nameFr?.trim()) || tax.name;
}

export type TaxProblem = {
  index: number;
  problem: 'nameMissing' | 'nameTaken' | 'rateOutOfRange' | 'appliesToNothing';
};

/**
 * What is wrong with a store's taxes: a blank or repeated name (the estimate lists each tax by
 * name), a rate outside 0-100 %, a tax that applies to nothing.
 */
export function taxProblems(taxes: readonly EstimateTax[]): TaxProblem[] {
  const problems: TaxProblem[] = [];
  const seen = new Set<string>();
  taxes.forEach((tax, index) => {
    const name = tax.name.trim().toLowerCase();
    // The French names are the list's names in French: each is unique too (it defaults to the name).
    const french = taxName(tax, 'fr').trim().toLowerCase();
    if (!name) problems.push({ index, problem: 'nameMissing' });
    else if (seen.has(`en:${name}`) || seen.has(`fr:${french}`)) problems.push({ index, problem: 'nameTaken' });
    seen.add(`en:${name}`);
    seen.add(`fr:${french}`);
    if (!(tax.ratePercent >= 0 && tax.ratePercent <= 100))
      problems.push({ index, problem: 'rateOutOfRange' });
    if (!tax.onLabour && !tax.onParts && !tax.onFees) problems.push({ index, problem: 'appliesToNothing' });
  });
  return problems;
}
