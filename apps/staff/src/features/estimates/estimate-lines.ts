import {
  amountToCents,
  estimateTotals,
  formatPercent,
  isNoLongerRecommended as domainNoLongerRecommended,
  lineAmounts,
  lineDecisionStates,
  lineFromJob,
  taxName,
  type CannedJob,
  type CustomerDecision,
  type Estimate,
  type EstimateAmounts,
  type EstimateLine,
  type EstimateTax,
  type LineDecisionState,
  type UpdateEstimateLineRequest,
} from '@servicebay/domain';

/**
 * The estimate pages' rules on what is on screen, pure: a line's draft as the advisor types it
 * (numbers kept as typed until they are read), what is wrong with it field by field, whether it
 * differs from the server's copy, what a save sends, the totals of the drafts, the labour rate
 * box, the totals table's rows and the approved / deferred split. The grid (`EstimateGrid`,
 * `estimate-grid-store.ts`) and the pages render them; amounts and totals come from the domain's
 * `lineAmounts` and `estimateTotals`, the same functions the server prices with.
 */

/** What a number input holds: a number, or the text typed so far ('', '1.', '2,5'). */
export type Typed = number | string;

export interface PartDraft {
  number: string;
  description: string;
  quantity: Typed;
  /** Dollars as typed (the API's cents / 100). */
  unitPrice: Typed;
}

export interface FeeDraft {
  description: string;
  /** Dollars as typed. */
  amount: Typed;
}

/** A line as the grid edits it. */
export interface LineDraft {
  description: string;
  labourHours: Typed;
  parts: PartDraft[];
  fees: FeeDraft[];
}

type LineFields = Pick<EstimateLine, 'description' | 'labourHours' | 'parts' | 'fees'>;

/** The draft of a line (or of what a canned job puts on one): the server's copy, money in dollars. */
export function draftOf(line: LineFields): LineDraft {
  return {
    description: line.description,
    labourHours: line.labourHours,
    parts: line.parts.map((p) => ({
      number: p.number ?? '',
      description: p.description,
      quantity: p.quantity,
      unitPrice: p.unitPrice / 100,
    })),
    fees: line.fees.map((f) => ({ description: f.description, amount: f.amount / 100 })),
  };
}

/** A typed number: a comma reads as the point; null for a blank or what is not a number. */
export function readNumber(v: Typed): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const text = v.trim().replace(',', '.');
  if (text === '' || text === '-' || text === '.') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Dollars as typed, in cents (rounded to the cent); null when not a number. */
export function readCents(v: Typed): number | null {
  const n = readNumber(v);
  return n === null ? null : amountToCents(n);
}

const MAX_HOURS = 999;
const MAX_QUANTITY = 9999;
/** The API's highest amount: ten million dollars, in cents. */
const MAX_CENTS = 1_000_000_000;

/** What can be wrong with a field; each has its message in the catalog (estimates:problems.*). */
export type FieldProblem =
  | 'descriptionMissing'
  | 'hoursInvalid'
  | 'partDescriptionMissing'
  | 'quantityInvalid'
  | 'priceInvalid'
  | 'feeDescriptionMissing';

/**
 * What is wrong with each field of a draft, by its path ('description', 'labourHours',
 * 'parts.0.quantity', 'fees.1.amount'...): the same rules the server's schemas apply.
 */
export function fieldProblems(draft: LineDraft): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const price = (v: Typed) => {
    const cents = readCents(v);
    return cents === null || cents < 0 || cents > MAX_CENTS;
  };
  if (draft.description.trim() === '') problems.description = 'descriptionMissing';
  const hours = readNumber(draft.labourHours);
  if (hours === null || hours < 0 || hours > MAX_HOURS) problems.labourHours = 'hoursInvalid';
  draft.parts.forEach((p, i) => {
    if (p.description.trim() === '') problems[`parts.${i}.description`] = 'partDescriptionMissing';
    const quantity = readNumber(p.quantity);
    if (quantity === null || quantity <= 0 || quantity > MAX_QUANTITY) problems[`parts.${i}.quantity`] = 'quantityInvalid';
    if (price(p.unitPrice)) problems[`parts.${i}.unitPrice`] = 'priceInvalid';
  });
  draft.fees.forEach((f, i) => {
    if (f.description.trim() === '') problems[`fees.${i}.description`] = 'feeDescriptionMissing';
    if (price(f.amount)) problems[`fees.${i}.amount`] = 'priceInvalid';
  });
  return problems;
}

/** Every field path of a draft, in the order the grid shows them. */
export function fieldPaths(draft: LineDraft): string[] {
  return [
    'description',
    'labourHours',
    ...draft.parts.flatMap((_, i) => [`parts.${i}.number`, `parts.${i}.description`, `parts.${i}.quantity`, `parts.${i}.unitPrice`]),
    ...draft.fees.flatMap((_, i) => [`fees.${i}.description`, `fees.${i}.amount`]),
  ];
}

/** The problems the advisor is shown: those of the fields already touched (left once). */
export function shownProblems(draft: LineDraft, touched: ReadonlySet<string>): Record<string, FieldProblem> {
  return Object.fromEntries(Object.entries(fieldProblems(draft)).filter(([path]) => touched.has(path)));
}

/**
 * The touched fields once a row of parts or fees is removed: the row's own are forgotten and the
 * rows below it move up one.
 */
export function touchedAfterRemoval(touched: ReadonlySet<string>, list: 'parts' | 'fees', index: number): Set<string> {
  const next = new Set<string>();
  for (const path of touched) {
    const [head, n, field] = path.split('.');
    if (head !== list) next.add(path);
    else if (Number(n) < index) next.add(path);
    else if (Number(n) > index) next.add(`${list}.${Number(n) - 1}.${field}`);
  }
  return next;
}

/** A new part row and a new fee row. */
export const newPart = (): PartDraft => ({ number: '', description: '', quantity: 1, unitPrice: 0 });
export const newFee = (): FeeDraft => ({ description: '', amount: 0 });

/** The list with one row changed (the others kept as they are). */
export function changeRow<T>(rows: readonly T[], index: number, change: Partial<T>): T[] {
  return rows.map((row, i) => (i === index ? { ...row, ...change } : row));
}

/** The list without one row. */
export function removeRow<T>(rows: readonly T[], index: number): T[] {
  return rows.filter((_, i) => i !== index);
}

/** The draft with a canned job's hours, parts and fees (its description kept). */
export function draftWithJob(draft: LineDraft, job: Pick<CannedJob, 'labourHours' | 'parts' | 'fees'>): LineDraft {
  const { labourHours, parts, fees } = draftOf({ description: draft.description, ...lineFromJob(job) });
  return { ...draft, labourHours, parts, fees };
}

/**
 * What a save sends: the whole line, texts trimmed, a blank part number as none, money in cents
 * (lists replaced whole). Only for a draft without problems.
 */
export function lineSaveBody(draft: LineDraft): Required<Omit<UpdateEstimateLineRequest, 'rank'>> {
  return {
    description: draft.description.trim(),
    labourHours: readNumber(draft.labourHours) ?? 0,
    parts: draft.parts.map((p) => ({
      number: p.number.trim() || null,
      description: p.description.trim(),
      quantity: readNumber(p.quantity) ?? 0,
      unitPrice: readCents(p.unitPrice) ?? 0,
    })),
    fees: draft.fees.map((f) => ({ description: f.description.trim(), amount: readCents(f.amount) ?? 0 })),
  };
}

/** The server's copy of a line in the shape of a save. */
function serverBody(line: LineFields) {
  return {
    description: line.description,
    labourHours: line.labourHours,
    parts: line.parts.map((p) => ({ number: p.number, description: p.description, quantity: p.quantity, unitPrice: p.unitPrice })),
    fees: line.fees.map((f) => ({ description: f.description, amount: f.amount })),
  };
}

/** Whether saving the draft would change the server's copy of the line. */
export function differsFromServer(draft: LineDraft, line: LineFields): boolean {
  return JSON.stringify(lineSaveBody(draft)) !== JSON.stringify(serverBody(line));
}

/** The amounts of a draft as typed (what is not a number yet counts as zero), at the estimate's rate. */
export function draftAmounts(draft: LineDraft, labourRate: number): EstimateAmounts {
  return lineAmounts(lineSaveBody(draft), labourRate);
}

/**
 * The estimate's totals as the screen shows them: every line at its draft, saved or not, with
 * the estimate's taxes, by the domain's `estimateTotals` (the server's own rules).
 */
export function draftTotals(
  estimate: Pick<Estimate, 'labourRate' | 'taxes'>,
  lines: ReadonlyArray<{ draft: LineDraft; decision: CustomerDecision | null }>,
): Pick<Estimate, 'taxes' | 'totals'> {
  const taxes: EstimateTax[] = estimate.taxes.map(({ name, ratePercent, onLabour, onParts, onFees }) => ({ name, ratePercent, onLabour, onParts, onFees }));
  return estimateTotals(
    lines.map((l) => ({ amounts: draftAmounts(l.draft, estimate.labourRate), decision: l.decision })),
    taxes,
  );
}

/** A line whose result became okay, n/a or was cleared is no longer recommended (drawing again removes it). */
export function isNoLongerRecommended(line: Pick<EstimateLine, 'resultId' | 'severity'>): boolean {
  return domainNoLongerRecommended(line);
}

/** The highest labour rate a store may set, in cents per hour. */
export const MAX_LABOUR_RATE_CENTS = 10_000_00;

/** The labour rate box: its value in cents, whether it is allowed, and whether Set is offered (a changed, allowed rate). */
export function labourRateEntry(typed: number | string, current: number) {
  const cents = amountToCents(typed);
  const valid = cents !== null && cents >= 0 && cents <= MAX_LABOUR_RATE_CENTS;
  return { cents, valid, canSet: valid && cents !== current };
}

/** One row of the totals table: its label's key (a tax names itself in the page's language), its amount. */
export type TotalsRow =
  | { kind: 'labour' | 'parts' | 'fees' | 'subtotal' | 'total' | 'approvedTotal'; amount: number }
  | { kind: 'tax'; key: string; name: string; rate: string; amount: number };

/**
 * The totals table: labour, parts, fees, subtotal, each tax of the estimate in its order (named
 * and its rate written in the page's language: "TVQ (9,975 %)"), the total, and the approved total
 * on the approved-work page. A tax's `key` is its name as stored, the same in every language.
 */
export function totalsRows(
  estimate: Pick<Estimate, 'totals' | 'taxes'>,
  language: string,
  approved = false,
): TotalsRow[] {
  const { totals } = estimate;
  return [
    { kind: 'labour', amount: totals.labour },
    { kind: 'parts', amount: totals.parts },
    { kind: 'fees', amount: totals.fees },
    { kind: 'subtotal', amount: totals.subtotal },
    ...estimate.taxes.map(
      (tax): TotalsRow => ({
        kind: 'tax',
        key: tax.name,
        name: taxName(tax, language),
        rate: formatPercent(tax.ratePercent, language),
        amount: tax.amount,
      }),
    ),
    { kind: 'total', amount: totals.total },
    ...(approved ? [{ kind: 'approvedTotal', amount: totals.approvedTotal } as TotalsRow] : []),
  ];
}

/**
 * The approved-work page's lists: the approved lines, the declined ones (deferred work), the
 * recommended lines still offered to the customer and not decided, and those priced at zero
 * (information: nothing to decide). Lines added by hand are in none of them.
 */
export function splitByDecision<L extends Pick<EstimateLine, 'decision' | 'resultId' | 'severity' | 'amounts'>>(
  lines: readonly L[],
) {
  const states = lineDecisionStates(lines);
  const having = (state: LineDecisionState) => lines.filter((_, n) => states[n] === state);
  return {
    approved: having('approved'),
    declined: having('declined'),
    undecided: having('undecided'),
    information: having('information'),
  };
}
