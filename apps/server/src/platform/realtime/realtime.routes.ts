import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { decodeJwt } from 'jose';
import { AppError, REALTIME_PATH, WS_CLOSE } from '@servicebay/domain';
import type { Platform } from '../platform.js';
import type { Principal } from '../auth/principal.js';
import { bearerToken } from '../http/registrar.js';
import { sendError } from '../http/errors.js';
import { createTenancyRepository } from '../tenancy/tenancy.repository.js';
import { createHub, type Hub, type HubLimits } from './hub.js';

export interface RealtimeOptions {
  limits?: Partial<HubLimits> & {
    /** Largest frame a client may send; a bigger one closes the socket with 1009 (ws does it). */
    maxFrameBytes?: number;
  };
}

export const DEFAULT_MAX_FRAME_BYTES = 16_384;

interface Caller {
  principal: Principal;
  expiresAt: number | null;
}

/**
 * Mounts the websocket hub at /ws?token=<access token> (architecture decision 5). The token is
 * checked before the upgrade; a missing or bad one still gets a websocket, closed at once with
 * 4401, because browsers hide the HTTP status of a refused upgrade and the client must know
 * that reconnecting with the same token is pointless.
 */
export async function registerRealtime(
  app: FastifyInstance,
  platform: Platform,
  options: RealtimeOptions = {},
): Promise<Hub> {
  const tenancy = createTenancyRepository(platform.database.db);
  const hub = createHub({
    bus: platform.bus,
    storeOwnership: (storeId) => tenancy.storeOwnership(storeId),
    logger: platform.logger,
    limits: options.limits,
  });
  // A role change, a deactivation or a new password ends the user's open sockets too: their token
  // is refused from now on, and a socket must not keep delivering what the old role could read.
  const stopCutOffs = platform.tokens.onCutOff((userId) =>
    hub.closeUser(userId, WS_CLOSE.unauthenticated, 'Signed out'),
  );
  app.addHook('onClose', async () => stopCutOffs());

  await app.register(websocket, {
    options: { maxPayload: options.limits?.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES },
    preClose(done) {
      // 1001 tells clients to reconnect (to another process) with back-off.
      hub.close(WS_CLOSE.goingAway, 'Server shutting down');
      this.websocketServer.close(() => done());
    },
  });

  const callers = new WeakMap<FastifyRequest, Caller | null>();

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    // The access token rides in the query string: keep request lines out of the info logs.
    logLevel: 'warn',
    async preHandler(request) {
      const query = request.query as Record<string, unknown> | undefined;
      const token = typeof query?.token === 'string' && query.token ? query.token : bearerToken(request);
      const principal = token ? await platform.tokens.verifyAccess(token) : null;
      callers.set(request, principal && token ? { principal, expiresAt: expiryOf(token) } : null);
    },
    handler(_request, reply) {
      return sendError(
        reply,
        new AppError(426, 'INVALID_ARGUMENTS', `${REALTIME_PATH} speaks websocket only`),
      );
    },
    wsHandler(socket, request) {
      const caller = callers.get(request);
      if (!caller) {
        socket.close(WS_CLOSE.unauthenticated, 'Authentication required');
        return;
      }
      hub.accept(socket, caller.principal, caller.expiresAt);
    },
  });

  return hub;
}

/** The token was verified already; this only reads when it runs out. */
function expiryOf(token: string): number | null {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? exp * 1000 : null;
}
