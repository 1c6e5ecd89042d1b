export * from './load-state.js';
export * from './http/api-error.js';
export * from './http/client.js';
export * from './http/idempotency-key.js';
export * from './http/progress.js';
export { DEFAULT_RETRY_POLICY, RETRYABLE_STATUSES, isRetryable, retryDelayMs, type RetryPolicy } from './http/retry.js';
export * from './realtime/client.js';
export * from './react.js';
export * from './i18n/index.js';
