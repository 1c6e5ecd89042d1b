/**
 * The realtime topics: `store/{storeId}/...`, `user/{userId}/...` and
 * `system/...`. The server authorizes every subscription by the topic's owner (see
 * docs/realtime.md); clients may publish only to the client-event topics below.
 */

export const STORE_EVENTS = [
  'inspectionOrders/created',
  'inspectionOrders/updated',
  'inspectionOrders/removed',
  'messages/created',
  'messages/updated',
  'messages/count',
  'paymentMade',
  'consumerReadingReport',
  'reportApproved',
  'estimates/updated',
  'internalChat/messages/created',
  'internalChat/read',
  'internalChat/messageCreated',
] as const;

/** The shop chat's topics: refused to the Store (shared) account, which has no shop chat. */
export const INTERNAL_CHAT_EVENTS: readonly StoreEvent[] = [
  'internalChat/messages/created',
  'internalChat/read',
  'internalChat/messageCreated',
];

export const USER_EVENTS = [
  'externalAppAction/vinScannedFromDashboard',
  'externalAppAction/vinScannedFromVehicleDetails',
  'courseCompleted',
] as const;

export const SYSTEM_EVENTS = ['notifications/created'] as const;

export type StoreEvent = (typeof STORE_EVENTS)[number];
export type UserEvent = (typeof USER_EVENTS)[number];
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

/**
 * The only topics a client may publish to: the VIN scanner's return, and only to its own user.
 * Order, message and payment events come from the server alone, through the outbox.
 */
export const CLIENT_EVENTS: readonly UserEvent[] = [
  'externalAppAction/vinScannedFromDashboard',
  'externalAppAction/vinScannedFromVehicleDetails',
];

export type Topic = `store/${string}/${StoreEvent}` | `user/${string}/${UserEvent}` | `system/${SystemEvent}`;

export type ParsedTopic =
  | { kind: 'store'; id: string; name: StoreEvent }
  | { kind: 'user'; id: string; name: UserEvent }
  | { kind: 'system'; id: null; name: SystemEvent };

// Ids are the lower-case UUIDs the API returns. One spelling per topic, so the server can match
// subscriptions by plain string equality.
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** Reads a topic; null for anything that is not exactly one of the topics above. */
export function parseTopic(topic: string): ParsedTopic | null {
  const slash = topic.indexOf('/');
  if (slash < 0) return null;
  const scope = topic.slice(0, slash);
  const rest = topic.slice(slash + 1);
  if (scope === 'system')
    return includes(SYSTEM_EVENTS, rest) ? { kind: 'system', id: null, name: rest } : null;
  if (scope !== 'store' && scope !== 'user') return null;
  const next = rest.indexOf('/');
  if (next < 0) return null;
  const id = rest.slice(0, next);
  const name = rest.slice(next + 1);
  if (!ID.test(id)) return null;
  if (scope === 'store') return includes(STORE_EVENTS, name) ? { kind: 'store', id, name } : null;
  return includes(USER_EVENTS, name) ? { kind: 'user', id, name } : null;
}

/**
 * The one user an event is for, when its topic is shared but its content is not: a
 * system/notifications/created event carries `userId`, and the hub gives it to that user's sockets
 * only (every signed-in user subscribes to the topic; nobody hears another's notifications).
 * Null: everyone subscribed to the topic gets it.
 */
export function addresseeOf(topic: string, payload: unknown): string | null | 'nobody' {
  if (topic !== 'system/notifications/created') return null;
  const userId = (payload as { userId?: unknown } | null)?.userId;
  return typeof userId === 'string' ? userId : 'nobody';
}

export function formatTopic(topic: ParsedTopic): Topic {
  switch (topic.kind) {
    case 'store':
      return `store/${topic.id}/${topic.name}`;
    case 'user':
      return `user/${topic.id}/${topic.name}`;
    case 'system':
      return `system/${topic.name}`;
  }
}

export function isTopic(value: string): value is Topic {
  return parseTopic(value) !== null;
}

/** True for the topics clients may publish to (ownership is checked by the server). */
export function isClientEvent(topic: ParsedTopic): boolean {
  return topic.kind === 'user' && CLIENT_EVENTS.includes(topic.name);
}

function checkedId(id: string, what: string): string {
  if (!ID.test(id)) throw new TypeError(`${what} must be a lower-case UUID, got ${JSON.stringify(id)}`);
  return id;
}

/** Builders, so nobody spells a topic by hand: `topics.store(storeId).inspectionOrdersUpdated`. */
export const topics = {
  store(storeId: string) {
    const base = `store/${checkedId(storeId, 'storeId')}` as const;
    return {
      inspectionOrdersCreated: `${base}/inspectionOrders/created`,
      inspectionOrdersUpdated: `${base}/inspectionOrders/updated`,
      inspectionOrdersRemoved: `${base}/inspectionOrders/removed`,
      messagesCreated: `${base}/messages/created`,
      messagesUpdated: `${base}/messages/updated`,
      messagesCount: `${base}/messages/count`,
      paymentMade: `${base}/paymentMade`,
      consumerReadingReport: `${base}/consumerReadingReport`,
      reportApproved: `${base}/reportApproved`,
      estimatesUpdated: `${base}/estimates/updated`,
      internalChatMessagesCreated: `${base}/internalChat/messages/created`,
      internalChatRead: `${base}/internalChat/read`,
      internalChatMessageCreated: `${base}/internalChat/messageCreated`,
    } as const satisfies Record<string, Topic>;
  },
  user(userId: string) {
    const base = `user/${checkedId(userId, 'userId')}` as const;
    return {
      vinScannedFromDashboard: `${base}/externalAppAction/vinScannedFromDashboard`,
      vinScannedFromVehicleDetails: `${base}/externalAppAction/vinScannedFromVehicleDetails`,
      courseCompleted: `${base}/courseCompleted`,
    } as const satisfies Record<string, Topic>;
  },
  system: {
    notificationsCreated: 'system/notifications/created',
  } as const satisfies Record<string, Topic>,
};
