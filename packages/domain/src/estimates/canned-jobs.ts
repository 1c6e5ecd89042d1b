import { z } from 'zod';
import { ZEstimateFee, ZEstimatePart, ZLabourHours, type EstimateFee, type EstimatePart } from './estimate.js';
import { MAX_LINE_FEES, MAX_LINE_PARTS } from './drawing.js';

/**
 * Canned jobs (docs/estimates.md "Canned jobs"): the work a store prices again and again (an oil
 * change, front brake pads), kept with its labour hours, parts and fees, so one pick fills an
 * estimate line. The matching below is pure and shared by the page and its tests.
 */

/** Most jobs a store keeps: a long menu is read by people, and a dozen to a hundred is usual. */
export const MAX_CANNED_JOBS = 200;
/** Longest name of a job. */
export const MAX_CANNED_JOB_NAME = 100;

export const ZCannedJobName = z
  .string()
  .trim()
  .min(1, 'name is mandatory')
  .max(MAX_CANNED_JOB_NAME, `at most ${MAX_CANNED_JOB_NAME} characters`);

/** POST .../cannedJob and PUT .../cannedJob/{id}: the whole job (parts and fees as whole lists). */
export const ZCannedJobInput = z.strictObject({
  name: ZCannedJobName,
  labourHours: ZLabourHours.default(0),
  parts: z.array(ZEstimatePart).max(MAX_LINE_PARTS).default([]),
  fees: z.array(ZEstimateFee).max(MAX_LINE_FEES).default([]),
});
export type CannedJobInput = z.input<typeof ZCannedJobInput>;

/** A store's canned job, as the API answers it. Money in cents. */
export const ZCannedJob = z.object({
  _id: z.string(),
  name: z.string(),
  labourHours: z.number(),
  parts: z.array(ZEstimatePart),
  fees: z.array(ZEstimateFee),
  updatedAt: z.string(),
});
export type CannedJob = z.infer<typeof ZCannedJob>;

/** The job's name as its uniqueness sees it: two names differing only by case or spaces are one. */
export function cannedJobNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What a job puts on a line: its hours, and copies of its parts and fees (the line's description stays). */
export function lineFromJob(job: Pick<CannedJob, 'labourHours' | 'parts' | 'fees'>): {
  labourHours: number;
  parts: EstimatePart[];
  fees: EstimateFee[];
} {
  return {
    labourHours: job.labourHours,
    parts: job.parts.map((p) => ({ ...p })),
    fees: job.fees.map((f) => ({ ...f })),
  };
}

/**
 * Words that say what to do rather than what the work is on, in English and French: left out of
 * matching, so "Replace soon" on a brake pad does not suggest "Battery replacement".
 */
const GENERIC_WORDS = new Set([
  // English
  'and', 'the', 'for', 'with', 'from', 'now', 'soon', 'next', 'visit', 'replace', 'replacement',
  'change', 'check', 'inspect', 'inspection', 'service', 'repair', 'monitor', 'condition', 'good',
  'worn', 'failed', 'damaged', 'new', 'old', 'set',
  // French
  'les', 'des', 'pour', 'avec', 'sur', 'une', 'maintenant', 'bientot', 'prochaine', 'remplacer',
  'remplacement', 'changer', 'changement', 'verifier', 'verification', 'reparer', 'reparation',
  'surveiller', 'etat', 'use', 'usee', 'usees', 'defectueux', 'endommage', 'neuf', 'neuve', 'jeu',
]);

/** The words of a text that say what the work is on: lower case, without accents or plurals. */
export function matchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !GENERIC_WORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** Two words match when equal, or when they share a beginning of five letters (rotate, rotation). */
function wordsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const n = Math.min(a.length, b.length);
  if (n < 5) return false;
  return a.slice(0, 5) === b.slice(0, 5);
}

/**
 * How well a job's name matches a text (a line's description, made of the item, the finding and
 * the recommendation): the share of the name's words found in the text, 0 when none is.
 */
export function jobMatchScore(jobName: string, text: string): number {
  const name = [...new Set(matchWords(jobName))];
  if (name.length === 0) return 0;
  const words = matchWords(text);
  const found = name.filter((w) => words.some((t) => wordsMatch(w, t))).length;
  return found / name.length;
}

/**
 * The store's jobs for a line: those whose name matches the line's text, best first (then by
 * name), and the others by name. A simple case-insensitive word match, documented in
 * docs/estimates.md; nothing is suggested for an empty text.
 */
export function suggestJobs<J extends Pick<CannedJob, 'name'>>(
  jobs: readonly J[],
  text: string,
): { suggested: J[]; others: J[] } {
  const byName = (a: J, b: J) => a.name.localeCompare(b.name);
  const scored = jobs.map((job) => ({ job, score: text.trim() ? jobMatchScore(job.name, text) : 0 }));
  const suggested = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || byName(a.job, b.job))
    .map((s) => s.job);
  const others = scored
    .filter((s) => s.score === 0)
    .map((s) => s.job)
    .sort(byName);
  return { suggested, others };
}
