import pino, { type Logger } from 'pino';

/** The websocket carries its token in the query string; it must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|refreshToken)=)[^&#]*/gi, '$1[redacted]');
}

export function createLogger(level: string): Logger {
  return pino({
    level,
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: req.url ? redactUrl(req.url) : req.url,
        remoteAddress: req.ip,
      }),
    },
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.refreshToken'],
  });
}
