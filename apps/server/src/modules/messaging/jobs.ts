import type { Logger } from 'pino';
import type { MessagingService } from './messaging.service.js';

export interface MessagingJobs {
  /** One round now: the local gateway's step, then the texts due after quiet hours. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** How long a text of the local gateway stays queued, then sent, before its next step. */
export const LOCAL_GATEWAY_STEP_MS = 1500;

/**
 * The background work of texting, in every server process (each statement claims its rows, so
 * two processes never move or send one text twice): the local gateway's steps when it carries the
 * texts, and the texts held for quiet hours once they are over. Started and stopped with the app.
 */
export function startMessagingJobs(deps: { messaging: MessagingService; logger: Logger; everyMs?: number; stepMs?: number }): MessagingJobs {
  let running: Promise<void> | null = null;
  let failing = false;
  const tick = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      if (deps.messaging.smsKind === 'local') await deps.messaging.advanceLocalGateway(deps.stepMs ?? LOCAL_GATEWAY_STEP_MS);
      await deps.messaging.sendDue();
    })()
      .then(() => {
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) deps.logger.warn({ err: error }, 'texting jobs failed; will retry');
        failing = true;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), deps.everyMs ?? 1000);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
