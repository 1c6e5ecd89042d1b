import type { AddressInfo } from 'node:net';
import { REALTIME_PATH } from '@servicebay/domain';
import { connect, type TestSocket } from '../src/platform/realtime/ws-test-client.js';
import type { TestApp } from './app.js';
import { principalOf } from './factories.js';

type User = Awaited<ReturnType<TestApp['make']['user']>>;

/**
 * Websockets of users of a test app listening on a free port: `listen` once the app is made,
 * `socketFor(user)` signed in as that user, `closeAll` before the app is closed.
 */
export function testSockets() {
  const sockets: TestSocket[] = [];
  let app: TestApp | null = null;
  let port = 0;
  return {
    async listen(t: TestApp) {
      app = t;
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    },
    async socketFor(user: User) {
      if (!app) throw new Error('testSockets: listen first');
      const token = await app.platform.tokens.signAccess(principalOf(user));
      const socket = await connect(`ws://127.0.0.1:${port}${REALTIME_PATH}?token=${token}`, { timeoutMs: 20_000 });
      sockets.push(socket);
      return socket;
    },
    closeAll: () => Promise.all(sockets.map((s) => s.close())),
  };
}
