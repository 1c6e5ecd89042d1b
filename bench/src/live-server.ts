/**
 * A running ServiceBay server as the browser benches (INP, Lighthouse) reach it: wait until it
 * answers /health, then call its API with a token.
 */
export function liveServer(base: string) {
  return {
    async waitForHealth(timeoutMs = 120_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        try {
          if ((await fetch(`${base}/health`)).ok) return;
        } catch {
          // not up yet
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error('the server did not start');
    },

    async api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
      const answer = await fetch(`${base}${url}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T;
    },
  };
}
