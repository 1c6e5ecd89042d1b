import type { Server } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A subscription as the local push service hands it out (a browser's PushSubscription.toJSON()). */
export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/**
 * `web-push-testing` run in this process on a free port: a push service that hands out
 * subscriptions, checks each push's VAPID signature and aes128gcm encryption, and keeps the
 * decrypted messages to read back. Its endpoints are http://127.0.0.1:<port>/notify/<hash>.
 */
export async function startLocalPushService() {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => { notifyUrl: string } };
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    model: object,
    port: number,
  ) => { _app: { listen(port: number, host: string, ready: () => void): Server }; setRequestHandlers(): void };
  const model = new PushApiModel();
  const service = new WebPushTestingServer(model, 0);
  service.setRequestHandlers();
  const server = await new Promise<Server>((resolve) => {
    const s = service._app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  model.notifyUrl = `${url}/notify/`;
  const post = async (path: string, body?: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  return {
    url,
    /** A new subscription bound to the given VAPID public key. */
    async subscribe(applicationServerKey: string): Promise<LocalSubscription> {
      const res = await post('/subscribe', { applicationServerKey });
      if (!res.ok) throw new Error(`push service refused to subscribe: ${await res.text()}`);
      return ((await res.json()) as { data: LocalSubscription }).data;
    },
    /** The decrypted messages pushed to one subscription so far. */
    async messages(clientHash: string): Promise<string[]> {
      const res = await post('/get-notifications', { clientHash });
      if (!res.ok) return [];
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    /** Makes the service answer 410 Gone for the subscription from now on. */
    async expire(clientHash: string): Promise<void> {
      await post(`/expire-subscription/${clientHash}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
