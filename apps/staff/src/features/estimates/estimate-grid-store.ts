import type { Estimate, EstimateLine, UpdateEstimateLineRequest } from '@servicebay/domain';
import {
  differsFromServer,
  draftOf,
  draftTotals,
  fieldPaths,
  fieldProblems,
  isNoLongerRecommended,
  lineSaveBody,
  type LineDraft,
} from './estimate-lines.js';

/**
 * The estimate grid's state, outside React (docs/estimates.md "Autosave"): the newest estimate
 * the server answered, and for each line its draft, the fields touched, and its save. Pure of the
 * DOM and of the network (the save is given), so `estimate-grid-store.test.ts` drives it with
 * fake timers and promises.
 *
 * - A line is saved by itself ~600 ms after its last change, or at once when a field is left
 *   (`touch`) or a job is picked (`edit(..., { now: true })`).
 * - One save per line at a time: a change made while its save is on the way is sent when the
 *   answer comes back (the newest draft, never an older one after a newer).
 * - Every answer is the whole estimate; it is applied only if it is not older than the one held
 *   (its `version` at least as high), so answers arriving out of order never undo a later one.
 * - Applying an estimate never overwrites what the advisor is typing: a line whose draft differs
 *   from its server copy keeps its draft; the others take the server's.
 * - A draft with problems is not sent; the advisor sees the problems of the fields touched.
 */

/** Where a line's changes are. */
export type LineSaveState = 'saved' | 'unsaved' | 'saving' | 'failed' | 'invalid';

/** One line as the grid draws it; a new object whenever any of it changes. */
export interface LineView {
  id: string;
  /** 1-based, as the grid numbers the lines. */
  n: number;
  line: EstimateLine;
  draft: LineDraft;
  touched: ReadonlySet<string>;
  state: LineSaveState;
  /** The last save's refusal, while the line is failed. */
  error: unknown;
}

/** A line that stops the estimate being marked ready, and why. */
export interface Blocker {
  id: string;
  n: number;
  state: Exclude<LineSaveState, 'saved'> | 'stale';
}

/** What the totals, the version and the ready button read. */
export interface GridSummary {
  estimate: Estimate;
  totals: Pick<Estimate, 'taxes' | 'totals'>;
  blockers: Blocker[];
}

export interface GridStoreOptions {
  /** Sends a line's change; answers the whole estimate. */
  save: (lineId: string, body: UpdateEstimateLineRequest) => Promise<Estimate>;
  /** Told of each estimate applied (the page keeps its cached copy in step). */
  onApplied?: (estimate: Estimate) => void;
  /** Told of each refused save. */
  onSaveFailed?: (lineId: string, error: unknown) => void;
  debounceMs?: number;
}

interface Entry {
  line: EstimateLine;
  draft: LineDraft;
  touched: ReadonlySet<string>;
  timer: ReturnType<typeof setTimeout> | null;
  /** The body on its way to the server, if any. */
  sending: UpdateEstimateLineRequest | null;
  error: unknown;
  view: LineView | null;
  /** Its save state, kept until the line changes. */
  state: LineSaveState | null;
}

/** The saving rules above, for one estimate page. */
export class EstimateGridStore {
  private estimate: Estimate;
  private entries = new Map<string, Entry>();
  private ids: readonly string[] = [];
  private summary: GridSummary | null = null;
  private lastSummary: GridSummary | null = null;
  private readiness: Pick<GridSummary, 'estimate' | 'blockers'> | null = null;
  private totalsView: Pick<GridSummary, 'estimate' | 'totals'> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly lineListeners = new Map<string, Set<() => void>>();
  private readonly debounceMs: number;

  constructor(
    estimate: Estimate,
    private readonly options: GridStoreOptions,
  ) {
    this.debounceMs = options.debounceMs ?? 600;
    this.estimate = estimate;
    this.take(estimate);
  }

  // ---- reading (stable snapshots for useSyncExternalStore) ----

  /** The line ids in the estimate's order; a new array only when lines come or go. */
  getIds = (): readonly string[] => this.ids;

  getLine = (id: string): LineView | null => {
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (!entry.view) {
      entry.view = {
        id,
        n: this.ids.indexOf(id) + 1,
        line: entry.line,
        draft: entry.draft,
        touched: entry.touched,
        state: stateOf(entry),
        error: entry.error,
      };
    }
    return entry.view;
  };

  getSummary = (): GridSummary => {
    if (!this.summary) {
      const lines = this.ids.map((id) => this.entries.get(id)!);
      const blockers: Blocker[] = [];
      this.ids.forEach((id, i) => {
        const entry = this.entries.get(id)!;
        const state = stateOf(entry);
        if (state !== 'saved') blockers.push({ id, n: i + 1, state });
        else if (isNoLongerRecommended(entry.line)) blockers.push({ id, n: i + 1, state: 'stale' });
      });
      const totals = draftTotals(
        this.estimate,
        lines.map((e) => ({ draft: e.draft, decision: e.line.decision })),
      );
      // Parts that did not change keep their identity, so what reads only them is not drawn again.
      const before = this.lastSummary;
      this.summary = {
        estimate: this.estimate,
        totals: before && JSON.stringify(before.totals) === JSON.stringify(totals) ? before.totals : totals,
        blockers: before && JSON.stringify(before.blockers) === JSON.stringify(blockers) ? before.blockers : blockers,
      };
      this.lastSummary = this.summary;
    }
    return this.summary;
  };

  /** What the ready button reads: the estimate and the blockers; the same object while both are. */
  getReadiness = (): Pick<GridSummary, 'estimate' | 'blockers'> => {
    const { estimate, blockers } = this.getSummary();
    if (!this.readiness || this.readiness.estimate !== estimate || this.readiness.blockers !== blockers) this.readiness = { estimate, blockers };
    return this.readiness;
  };

  /** What the totals table reads: the estimate and the totals on screen; the same object while both are. */
  getTotals = (): Pick<GridSummary, 'estimate' | 'totals'> => {
    const { estimate, totals } = this.getSummary();
    if (!this.totalsView || this.totalsView.estimate !== estimate || this.totalsView.totals !== totals) this.totalsView = { estimate, totals };
    return this.totalsView;
  };

  /** The newest estimate applied. */
  current(): Estimate {
    return this.estimate;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  subscribeLine = (id: string, listener: () => void) => {
    let set = this.lineListeners.get(id);
    if (!set) this.lineListeners.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

  // ---- changes from the server ----

  /**
   * Applies an answer of the server: ignored when older than the estimate held (false then).
   * Lines keep their drafts while they differ from the server; lines gone are forgotten.
   */
  applyEstimate(estimate: Estimate): boolean {
    if (estimate === this.estimate) return true;
    if (estimate.version < this.estimate.version) return false;
    this.estimate = estimate;
    this.take(estimate);
    this.options.onApplied?.(estimate);
    return true;
  }

  private take(estimate: Estimate) {
    const changed: string[] = [];
    const seen = new Set<string>();
    for (const line of estimate.lines) {
      seen.add(line._id);
      const entry = this.entries.get(line._id);
      if (!entry) {
        this.entries.set(line._id, { line, draft: draftOf(line), touched: new Set(), timer: null, sending: null, error: null, view: null, state: null });
        changed.push(line._id);
        continue;
      }
      // Every answer brings every line anew: a line the answer did not change keeps its copy, so
      // only the lines that changed are drawn again.
      if (entry.line === line || sameLine(entry.line, line)) continue;
      // The advisor's draft stays while it holds changes the server has not taken yet.
      const pending = entry.timer !== null || entry.sending !== null || differsFromServer(entry.draft, entry.line);
      entry.line = line;
      if (!pending) entry.draft = draftOf(line);
      else if (!differsFromServer(entry.draft, line)) entry.error = null;
      entry.view = null;
      entry.state = null;
      changed.push(line._id);
    }
    for (const [id, entry] of this.entries) {
      if (seen.has(id)) continue;
      if (entry.timer) clearTimeout(entry.timer);
      this.entries.delete(id);
    }
    const ids = estimate.lines.map((l) => l._id);
    if (ids.length !== this.ids.length || ids.some((id, i) => id !== this.ids[i])) {
      this.ids = ids;
      // Numbers may have moved: every view is made again.
      for (const entry of this.entries.values()) entry.view = null;
      changed.push(...ids);
    }
    this.changed(changed);
  }

  // ---- changes from the advisor ----

  /**
   * A change of a line's draft; `touched` fields start showing their problems. Saved after the
   * pause, or at once with `now` (a canned job picked, a row removed).
   */
  edit(id: string, change: (draft: LineDraft) => LineDraft, options: { touched?: (t: ReadonlySet<string>) => ReadonlySet<string>; now?: boolean } = {}) {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.draft = change(entry.draft);
    if (options.touched) entry.touched = options.touched(entry.touched);
    entry.error = null;
    this.schedule(id, entry, options.now ? 0 : this.debounceMs);
    this.changed([id]);
  }

  /** A field was left: its problems show from now on, and the line is saved at once. */
  touch(id: string, path: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (!entry.touched.has(path)) {
      entry.touched = new Set([...entry.touched, path]);
      this.changed([id]);
    }
    if (entry.timer) this.flush(id);
  }

  /** Every field of the line touched: all its problems show (the ready button's "show me"). */
  reveal(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.touched = new Set(fieldPaths(entry.draft));
    this.changed([id]);
  }

  /** Sends the line now if it has changes waiting. */
  flush(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    void this.send(id);
  }

  /** Saves every line with changes waiting (before the page is left). */
  flushAll() {
    for (const id of this.ids) this.flush(id);
  }

  /** Tries a failed line again. */
  retry(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.error = null;
    this.changed([id]);
    this.flush(id);
  }

  private schedule(id: string, entry: Entry, delay: number) {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void this.send(id);
    }, delay);
  }

  private async send(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    // One save per line at a time: the newest draft goes when this one is answered.
    if (entry.sending) return;
    if (Object.keys(fieldProblems(entry.draft)).length > 0) return;
    if (!differsFromServer(entry.draft, entry.line)) {
      this.changed([id]);
      return;
    }
    const body = lineSaveBody(entry.draft);
    entry.sending = body;
    this.changed([id]);
    try {
      const answer = await this.options.save(id, body);
      entry.sending = null;
      if (!this.applyEstimate(answer)) this.changed([id]);
    } catch (error) {
      entry.sending = null;
      if (this.entries.get(id) !== entry) return;
      entry.error = error;
      this.changed([id]);
      this.options.onSaveFailed?.(id, error);
      return;
    }
    // Typed while the save was on its way, and no pause pending: send the newest now.
    if (this.entries.get(id) === entry && entry.timer === null && !entry.error) void this.send(id);
  }

  private changed(ids: readonly string[]) {
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry) {
        entry.view = null;
        entry.state = null;
      }
    }
    this.summary = null;
    for (const id of new Set(ids)) this.lineListeners.get(id)?.forEach((l) => l());
    this.listeners.forEach((l) => l());
  }
}

/** The same line, field for field (the answers are parsed JSON: one key order). */
function sameLine(a: EstimateLine, b: EstimateLine): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Where a line's changes are, worked out once per change of the line. */
function stateOf(entry: Entry): LineSaveState {
  entry.state ??= computeState(entry);
  return entry.state;
}

/** Where a line's changes are: problems first (it cannot be sent), then its save. */
function computeState(entry: Entry): LineSaveState {
  if (Object.keys(fieldProblems(entry.draft)).length > 0) return 'invalid';
  if (entry.sending) return 'saving';
  if (differsFromServer(entry.draft, entry.line)) return entry.error ? 'failed' : 'unsaved';
  return 'saved';
}
