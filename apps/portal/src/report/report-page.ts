import { isApiError } from '@servicebay/web-core';
import { approvedTotalOf, type CustomerDecision, type ReportItem, type ReportView } from '@servicebay/domain';

/** The error codes the report page explains in words of its own; anything else is the generic text. */
const EXPLAINED = ['ITEM_ALREADY_DECIDED', 'ESTIMATE_CHANGED', 'ORDER_CLOSED', 'TOO_MANY_REQUESTS'] as const;
export type ReportErrorKey = `errors.${(typeof EXPLAINED)[number] | 'generic'}`;

export function reportErrorKey(error: unknown): ReportErrorKey {
  const code = isApiError(error) ? error.code : null;
  return (EXPLAINED as readonly string[]).includes(code ?? '')
    ? (`errors.${code}` as ReportErrorKey)
    : 'errors.generic';
}

/** A missing, wrong or revoked link answers 404 (or 400 for a malformed id): the not-found page, no data. */
export function isUnavailable(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400 || error.status === 403);
}

/** The recommended items the customer chose on, split for the confirmation step, in page order. */
export function chosenItems(report: ReportView, choices: ReadonlyMap<string, CustomerDecision>) {
  const items = report.groups
    .flatMap((g) => g.sections.flatMap((s) => s.items))
    .filter((i) => choices.has(i.resultId));
  return {
    approving: items.filter((i) => choices.get(i.resultId) === 'approved'),
    declining: items.filter((i) => choices.get(i.resultId) === 'declined'),
  };
}

/** What the thank-you screen says of a signed approval. */
export interface SignedSummary {
  approved: ReportItem[];
  declined: ReportItem[];
  /** The total approved, taxes included, as the server now has it (approvedTotalOf, no choices left). */
  approvedTotal: number;
}

/**
 * The thank-you screen's content: the items just signed for, split, from the report the server
 * answered (their prices as recorded), and the total approved by the one function the page and the
 * sign sheet use.
 */
export function signedSummary(view: ReportView, signed: ReadonlyMap<string, CustomerDecision>): SignedSummary {
  const { approving, declining } = chosenItems(view, signed);
  return { approved: approving, declined: declining, approvedTotal: approvedTotalOf(view, new Map()) };
}

/** Reads a Blob as a data URL (the signature's PNG, sent in the approval's JSON). */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the signature could not be read'));
    reader.readAsDataURL(blob);
  });
}
