import { z } from 'zod';

/**
 * The websocket protocol of /ws?token=<access token> (docs/realtime.md): JSON frames.
 * Client → server: subscribe, unsubscribe, publish (only to client-event topics), ping.
 * Server → client: subscribed, unsubscribed, event, error (same error shape as HTTP, plus the
 * topic it concerns), pong.
 */
export const ZClientFrame = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), topic: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('unsubscribe'), topic: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('publish'), topic: z.string().min(1).max(200), payload: z.unknown() }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof ZClientFrame>;

export const ZServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), topic: z.string() }),
  z.object({ type: z.literal('unsubscribed'), topic: z.string() }),
  z.object({ type: z.literal('event'), topic: z.string(), payload: z.unknown() }),
  z.object({
    type: z.literal('error'),
    topic: z.string().optional(),
    status: z.number(),
    code: z.string(),
    message: z.string(),
  }),
  z.object({ type: z.literal('pong') }),
]);
export type ServerFrame = z.infer<typeof ZServerFrame>;

/** Websocket close codes the server uses, so clients know whether reconnecting can help. */
export const WS_CLOSE = {
  /** Token missing, invalid or expired: get a new token before reconnecting. */
  unauthenticated: 4401,
  /** Server shutting down: reconnect with back-off. */
  goingAway: 1001,
} as const;

export const REALTIME_PATH = '/ws';
