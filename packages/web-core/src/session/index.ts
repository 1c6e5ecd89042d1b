export { decodeAccessToken, ZSessionClaims, type SessionClaims } from './claims.js';
export {
  createSession,
  isSessionRefusal,
  PARKED_SESSION_STORAGE_KEY,
  RENEW_BEFORE_MS,
  SESSION_PATHS,
  SESSION_STORAGE_KEY,
  type LockManagerLike,
  type RenewOutcome,
  type Session,
  type SessionEndReason,
  type SessionOptions,
  type SessionState,
  type SessionStorageLike,
  type SignInStrategy,
} from './session.js';
export {
  HIDDEN_AT_STORAGE_KEY,
  inactivityLimitMs,
  watchInactivity,
  type InactivitySetting,
  type InactivityWatchOptions,
} from './inactivity.js';
