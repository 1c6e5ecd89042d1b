/**
 * What the dashboard remembers for the tab while the advisor is away on an order: the search
 * text, the pages and the scroll position, per user and dashboard variant, in session storage
 * (gone with the tab; never sent anywhere). And the navigation state that asks the dashboard to
 * show one order highlighted (an order whose report was just sent).
 */

export interface DashboardMemory {
  search: string;
  pages: Record<string, number>;
  scrollY: number;
}

const EMPTY: DashboardMemory = { search: '', pages: {}, scrollY: 0 };

const keyOf = (userId: string, variant: string) => `servicebay.dashboard.${userId}.${variant}`;

/** The remembered view, or an empty one when nothing (or nothing readable) is stored. */
export function readDashboardMemory(
  storage: Pick<Storage, 'getItem'> | undefined,
  userId: string,
  variant: string,
): DashboardMemory {
  try {
    const raw = storage?.getItem(keyOf(userId, variant));
    if (!raw) return EMPTY;
    const value = JSON.parse(raw) as Partial<DashboardMemory>;
    const pages = Object.fromEntries(
      Object.entries(value.pages ?? {}).filter(
        (entry): entry is [string, number] => Number.isInteger(entry[1]) && entry[1] >= 0,
      ),
    );
    return {
      search: typeof value.search === 'string' ? value.search : '',
      pages,
      scrollY: typeof value.scrollY === 'number' && value.scrollY > 0 ? value.scrollY : 0,
    };
  } catch {
    return EMPTY;
  }
}

/** Remembers a change of the view; a full or refused storage keeps nothing, silently. */
export function writeDashboardMemory(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  userId: string,
  variant: string,
  patch: Partial<DashboardMemory>,
): void {
  try {
    const next = { ...readDashboardMemory(storage, userId, variant), ...patch };
    storage?.setItem(keyOf(userId, variant), JSON.stringify(next));
  } catch {
    // Private mode or a full storage: the dashboard simply starts afresh next time.
  }
}

/** The navigation state that opens the dashboard with this order highlighted. */
export function dashboardHighlight(orderId: string): { highlight: string } {
  return { highlight: orderId };
}

/** The order to highlight, read from a navigation state of any shape. */
export function highlightedOrder(state: unknown): string | null {
  const id = (state as { highlight?: unknown } | null)?.highlight;
  return typeof id === 'string' && id ? id : null;
}

/** The storage of the tab, when the browser offers one. */
export function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
