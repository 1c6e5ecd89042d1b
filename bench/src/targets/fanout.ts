import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import type { BenchRequest, ProbeResult } from '../scenario.js';
import { summarize } from '../timing.js';

/** What a fan-out scenario's server process hands the driver (BenchRequest.data). */
export interface FanOutPlan {
  /** Access tokens of the store's users; socket i signs in with tokens[i % length]. */
  tokens: string[];
  /** The topic every socket subscribes to, as a dashboard does. */
  topic: string;
  sockets: number;
  /** The updates, sent one at a time through the real route. */
  updates: Array<{
    method: 'PATCH' | 'PUT' | 'POST';
    path: string;
    headers: Record<string, string>;
    body: string;
  }>;
  /** The id the event's payload carries (`_id`, or `idField`), to tell the measured events from any other. */
  orderId: string;
  /** Where the payload carries that id, a dotted path (`message.storeId`); `_id` unless said. */
  idField?: string;
  /** How the payload shows which update it is: the value of this field (a dotted path) equals the update's. */
  field: string;
  values: unknown[];
  /** The rows' ids and words: `orders-ws` and "one order update" unless said. */
  label?: { id: string; what: string };
}

/** The value at a dotted path of a payload (`message.messageId`). */
const valueAt = (payload: unknown, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), payload);

interface Socket {
  ws: WebSocket;
  /** Arrival time of each update's event (performance.now()), by update index. */
  arrivals: Map<number, number>;
}

/**
 * Opens the sockets (`/ws?token=`), subscribes each to the topic, then sends the updates one at a
 * time, each after the previous one was delivered everywhere (or 5 s passed): the latency of a
 * delivery is from sending the update's request to the event's arrival on that socket, so it
 * includes the route, the transaction, the outbox relay and the hub's fan-out.
 */
export async function fanOut(port: number, request: BenchRequest): Promise<ProbeResult> {
  const plan = request.data as unknown as FanOutPlan;
  const sockets: Socket[] = [];
  const openStarted = performance.now();
  const batch = 100;
  try {
    for (let i = 0; i < plan.sockets; i += batch) {
      const opened = await Promise.all(
        Array.from({ length: Math.min(batch, plan.sockets - i) }, (_, j) =>
          open(port, plan.tokens[(i + j) % plan.tokens.length]!, plan),
        ),
      );
      sockets.push(...opened);
    }
    const openMs = performance.now() - openStarted;
    const latencies: number[] = [];
    const lastArrivals: number[] = [];
    const answers: number[] = [];
    let delivered = 0;
    let requestFailures = 0;
    for (const [index, update] of plan.updates.entries()) {
      const sent = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}${update.path}`, {
        method: update.method,
        headers: update.headers,
        body: update.body,
      });
      await res.text();
      answers.push(performance.now() - sent);
      if (!res.ok) requestFailures++;
      const deadline = sent + 5_000;
      while (performance.now() < deadline && sockets.some((s) => !s.arrivals.has(index))) await sleep(5);
      let last = 0;
      for (const s of sockets) {
        const at = s.arrivals.get(index);
        if (at === undefined) continue;
        delivered++;
        latencies.push(at - sent);
        last = Math.max(last, at - sent);
      }
      lastArrivals.push(last);
      await sleep(200);
    }
    const expected = plan.sockets * plan.updates.length;
    const label = plan.label ?? { id: 'orders-ws', what: 'one order update' };
    const timing = summarize(latencies, 0);
    const everywhere = summarize(lastArrivals, 0);
    const answered = summarize(answers, 0);
    return {
      rows: [
        {
          id: `${label.id}-delivery`,
          what: `${label.what} to ${plan.sockets} dashboards: each delivery (${delivered}/${expected} delivered)`,
          perSecond: Number.NaN,
          p50: timing.p50,
          p95: timing.p95,
          p99: timing.p99,
          total: delivered,
        },
        {
          id: `${label.id}-all-delivered`,
          what: `until the last of the ${plan.sockets} dashboards has it, per update (${plan.updates.length} updates)`,
          perSecond: Number.NaN,
          p50: everywhere.p50,
          p95: everywhere.p95,
          p99: everywhere.p99,
          total: plan.updates.length,
        },
        {
          id: `${label.id}-request`,
          what: `the update's own request, until its answer (${plan.updates.length} updates)`,
          perSecond: Number.NaN,
          p50: answered.p50,
          p95: answered.p95,
          p99: answered.p99,
          total: plan.updates.length,
        },
      ],
      notes: [
        `${label.id}: ${plan.sockets} websockets (/ws?token=, ${plan.tokens.length} users of the store in turn) opened and subscribed to ${plan.topic} in ${(openMs / 1000).toFixed(1)} s; ` +
          `${plan.updates.length} updates (${label.what}) sent one at a time through the route, the next after the previous reached every socket (or 5 s); ` +
          `latency from sending the request to the event's arrival. Delivered ${delivered} of ${expected} expected (${((100 * delivered) / expected).toFixed(1)} %)` +
          (requestFailures ? `; ⚠ ${requestFailures} update requests failed` : '') +
          '. The sockets are in the harness process, the server in its own, both on the same 2 cores.',
      ],
    };
  } finally {
    for (const s of sockets) s.ws.terminate();
  }
}

function open(port: number, token: string, plan: FanOutPlan): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(token)}`);
    const socket: Socket = { ws, arrivals: new Map() };
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('a websocket was not subscribed within 30 s'));
    }, 30_000);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', topic: plan.topic })));
    ws.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`a websocket was closed (${code}) before it subscribed`));
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.on('message', (data) => {
      const at = performance.now();
      const frame = JSON.parse(String(data)) as {
        type: string;
        topic?: string;
        payload?: Record<string, unknown>;
      };
      if (frame.type === 'subscribed' && frame.topic === plan.topic) {
        clearTimeout(timer);
        resolve(socket);
      } else if (frame.type === 'error') {
        clearTimeout(timer);
        reject(new Error(`subscribing failed: ${String(data)}`));
      } else if (
        frame.type === 'event' &&
        frame.topic === plan.topic &&
        valueAt(frame.payload, plan.idField ?? '_id') === plan.orderId
      ) {
        const value = JSON.stringify(valueAt(frame.payload, plan.field));
        const index = plan.values.findIndex((v) => JSON.stringify(v) === value);
        if (index >= 0 && !socket.arrivals.has(index)) socket.arrivals.set(index, at);
      }
    });
  });
}
