import {
  DAYS,
  DEFAULT_COUNTRY,
  isCountry,
  isValidEmail,
  openTimeProblems,
  phoneDigits,
  repeatedUsernames,
  ZUsername,
  type AccountSetupInput,
  type Country,
  type OpenDay,
  type SetupWorkerRole,
} from '@servicebay/domain';

/**
 * The setup wizard's draft (docs/administration.md): what the owner typed in the three steps, kept
 * in the tab's session storage so a reload or a step back loses nothing. Pure, tested beside.
 */

export interface WorkerDraft {
  key: string;
  username: string;
  firstName: string;
  lastName: string;
  type: SetupWorkerRole;
  email: string;
  language: 'en' | 'fr';
}

export interface SetupDraft {
  account: { name: string };
  store: {
    name: string;
    franchiseName: string;
    email: string;
    phoneNo: string;
    address: string;
    /** The address's country and its state or province code ('' for none). */
    country: Country;
    state: string;
    openTime: OpenDay[];
  };
  workers: WorkerDraft[];
}

export const STEPS = ['step1', 'step2', 'step3'] as const;
export type Step = (typeof STEPS)[number];

/** A new shop's week until the owner says otherwise: weekdays 8 to 5, the week-end closed. */
export function defaultWeek(): OpenDay[] {
  return DAYS.map((day) => (day === 'saturday' || day === 'sunday' ? { day, open: 'closed' as const } : { day, open: '08:00', close: '17:00' }));
}

export function emptyDraft(): SetupDraft {
  return {
    account: { name: '' },
    store: { name: '', franchiseName: '', email: '', phoneNo: '', address: '', country: DEFAULT_COUNTRY, state: '', openTime: defaultWeek() },
    workers: [],
  };
}

let counter = 0;
export function newWorker(language: 'en' | 'fr'): WorkerDraft {
  counter += 1;
  return { key: `w${Date.now().toString(36)}${counter}`, username: '', firstName: '', lastName: '', type: 'Technician', email: '', language };
}

export type FieldProblem = 'mandatory' | 'email' | 'phone' | 'username' | 'repeated';

export function accountProblems(draft: SetupDraft): Partial<Record<'name', FieldProblem>> {
  return draft.account.name.trim() === '' ? { name: 'mandatory' } : {};
}

export function storeProblems(draft: SetupDraft): Partial<Record<'name' | 'email' | 'phoneNo' | 'address' | 'openTime', FieldProblem>> {
  const s = draft.store;
  const problems: Partial<Record<'name' | 'email' | 'phoneNo' | 'address' | 'openTime', FieldProblem>> = {};
  if (s.name.trim() === '') problems.name = 'mandatory';
  if (s.email.trim() === '') problems.email = 'mandatory';
  else if (!isValidEmail(s.email.trim())) problems.email = 'email';
  if (s.phoneNo.trim() === '') problems.phoneNo = 'mandatory';
  else if (phoneDigits(s.phoneNo) === null) problems.phoneNo = 'phone';
  if (s.address.trim() === '') problems.address = 'mandatory';
  if (openTimeProblems(s.openTime).length > 0) problems.openTime = 'mandatory';
  return problems;
}

type WorkerField = 'username' | 'firstName' | 'email';

/** Per worker (by key), what is wrong with it. */
export function workerProblems(draft: SetupDraft): Record<string, Partial<Record<WorkerField, FieldProblem>>> {
  const repeated = new Set(repeatedUsernames(draft.workers));
  const out: Record<string, Partial<Record<WorkerField, FieldProblem>>> = {};
  for (const w of draft.workers) {
    const p: Partial<Record<WorkerField, FieldProblem>> = {};
    if (w.username.trim() === '') p.username = 'mandatory';
    else if (!ZUsername.safeParse(w.username).success) p.username = 'username';
    else if (repeated.has(w.username.trim().toLowerCase())) p.username = 'repeated';
    if (w.firstName.trim() === '') p.firstName = 'mandatory';
    if (w.email.trim() === '') p.email = 'mandatory';
    else if (!isValidEmail(w.email.trim())) p.email = 'email';
    if (Object.keys(p).length > 0) out[w.key] = p;
  }
  return out;
}

/** The first step with something to fix, or null when the draft may be sent. */
export function firstIncompleteStep(draft: SetupDraft): Step | null {
  if (Object.keys(accountProblems(draft)).length > 0) return 'step1';
  if (Object.keys(storeProblems(draft)).length > 0) return 'step2';
  if (Object.keys(workerProblems(draft)).length > 0) return 'step3';
  return null;
}

/** The request body of POST /v2/api/account. */
export function setupBody(draft: SetupDraft): AccountSetupInput {
  const s = draft.store;
  return {
    account: { name: draft.account.name.trim() },
    store: {
      name: s.name.trim(),
      franchiseName: s.franchiseName.trim() || null,
      email: s.email.trim(),
      phoneNo: s.phoneNo.trim(),
      address: s.address.trim(),
      country: s.country,
      state: s.state || null,
      openTime: s.openTime,
    },
    workers: draft.workers.map((w) => ({
      username: w.username.trim(),
      firstName: w.firstName.trim(),
      lastName: w.lastName.trim(),
      type: w.type,
      email: w.email.trim(),
      language: w.language,
    })),
  };
}

const storageKey = (userId: string) => `servicebay.setup.${userId}`;

interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function storage(): DraftStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The draft kept for this user in this tab, or an empty one (a draft that does not read is dropped). */
export function loadDraft(userId: string, from: DraftStorage | null = storage()): SetupDraft {
  const text = from?.getItem(storageKey(userId));
  if (!text) return emptyDraft();
  try {
    const parsed = JSON.parse(text) as Partial<SetupDraft>;
    const empty = emptyDraft();
    return {
      account: { ...empty.account, ...parsed.account },
      store: { ...empty.store, ...parsed.store, ...(!isCountry(parsed.store?.country) && { country: DEFAULT_COUNTRY, state: '' }) },
      workers: Array.isArray(parsed.workers) ? parsed.workers : [],
    };
  } catch {
    return emptyDraft();
  }
}

export function saveDraft(userId: string, draft: SetupDraft, to: DraftStorage | null = storage()) {
  try {
    to?.setItem(storageKey(userId), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the draft lives in memory only.
  }
}

export function clearDraft(userId: string, from: DraftStorage | null = storage()) {
  from?.removeItem(storageKey(userId));
}
