import pino, { type DestinationStream, type Logger } from 'pino';

/** The websocket carries its token in the query string; it must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|refreshToken)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * Fields of a failed query's error that hold the values it was given (drizzle's `params`, the
 * `detail` of PostgreSQL's "Key (email)=(pat@example.com) already exists", the PL/pgSQL `where`).
 * Those values are a request's personal data: names, e-mail addresses, password hashes.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/** A PostgreSQL error, from node-postgres or PGlite: it carries a five-character SQLSTATE. */
const isDatabaseError = (error: Error) => {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
};

function scrubMessage(error: Error): string {
  let message = error.message;
  // drizzle: "Failed query: <sql>\nparams: <values>"; the query text keeps only placeholders.
  if ('params' in error) {
    const at = message.indexOf('\nparams:');
    if (at >= 0) message = message.slice(0, at);
  }
  // PostgreSQL quotes the value it refused at the end: 'invalid input syntax for type uuid: "..."'.
  if (isDatabaseError(error)) message = message.replace(/: ".*"$/s, ': [value redacted]');
  return message;
}

/**
 * A copy of the error, and of its causes, without the values a failed query was given: the query
 * text, the SQLSTATE code, the table and constraint stay, so the log still says what failed.
 */
export function scrubError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const message = scrubMessage(error);
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const key of Object.keys(error)) {
    if (VALUE_FIELDS.has(key)) continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    copy[key] = key === 'cause' ? scrubError(value, depth + 1) : value;
  }
  const hidden = (key: string, value: unknown) =>
    Object.defineProperty(copy, key, { value, enumerable: false, writable: true, configurable: true });
  hidden('message', message);
  hidden('stack', error.stack?.replace(error.message, message));
  if (!Object.keys(error).includes('cause') && error.cause !== undefined)
    hidden('cause', scrubError(error.cause, depth + 1));
  if (error instanceof AggregateError) copy.errors = error.errors.map((e) => scrubError(e, depth + 1));
  return copy;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: req.url ? redactUrl(req.url) : req.url,
        remoteAddress: req.ip,
      }),
      err: (error: unknown) => pino.stdSerializers.err(scrubError(error) as Error),
    },
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.refreshToken'],
  };
  return destination ? pino(options, destination) : pino(options);
}
