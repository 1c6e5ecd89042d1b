/** Business constants and limits that more than one side needs. */
export const LIMITS = {
  alertDisplayMs: 6000,
  maxVideoBytes: 52_428_800,
  maxVideoSeconds: 60,
  searchThrottleMs: 1500,
  maxVehiclesInSearch: 40,
  maxVehiclesInHouseholdSearch: 50,
  vinLength: 17,
  requestTimeoutMs: 120_000,
  getTimeoutMs: 60_000,
  websocketBackoffStartMs: 2000,
  websocketBackoffMaxMs: 60_000,
  offlineIconDelayMs: 5000,
  reportReadingTimeoutMs: 5000,
  inactivityCheckMs: 60_000,
  passwordMinLength: 8,
  /**
   * How long the server keeps an Idempotency-Key and its answer: the longest a tablet's offline
   * queue may hold a write. A key replayed later is a new request.
   */
  idempotencyKeyTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** Texts shown short (a chat's last message, a canned message) keep this many characters, then an ellipsis. */
  textTruncation: 25,
  pageSize: { orders: 10, appointments: 20, conversations: 20, chatHistory: 20, customerMessages: 50 },
} as const;

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_ERROR = 'languageId must be en or fr';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fr';
}
