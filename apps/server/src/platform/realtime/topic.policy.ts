import { errors, INTERNAL_CHAT_EVENTS, isClientEvent, mayUseInternalChat, parseTopic, type ParsedTopic } from '@servicebay/domain';
import type { Principal } from '../auth/principal.js';
import type { StoreOwnership } from '../tenancy/tenancy.repository.js';
import { canActForStore } from '../tenancy/tenancy.policy.js';

export type TopicAction = 'subscribe' | 'publish';

export type StoreLookup = (storeId: string) => Promise<StoreOwnership | null>;

/**
 * May this caller subscribe (or publish) to this topic? Authorized like a route (architecture
 * decision 3), in the same order: 400 for a topic that does not exist, 404 when the topic belongs
 * to someone else (another store, another user) whatever the role, 403 when the caller may see the
 * topic but not publish to it. Throws the AppError; returns the parsed topic when allowed.
 *
 * - store/{storeId}/...: staff who may act for that store (its own staff, its account's and
 *   partner's users, root); portal users never.
 *   The shop chat's topics (internalChat/...) are refused (403) to the Store account.
 * - user/{userId}/...: that user only.
 * - system/...: every signed-in user.
 * - publishing: only the client-event topics (the VIN scanner's return), to one's own user.
 */
export async function authorizeTopic(
  principal: Principal,
  topic: string,
  action: TopicAction,
  storeOwnership: StoreLookup,
): Promise<ParsedTopic> {
  const parsed = parseTopic(topic);
  if (!parsed) throw errors.invalid(`Unknown topic ${JSON.stringify(topic.slice(0, 200))}`);
  switch (parsed.kind) {
    case 'system':
      break;
    case 'user':
      if (parsed.id !== principal.id) throw errors.notFound('No such topic');
      break;
    case 'store': {
      const store = await storeOwnership(parsed.id);
      if (!store || !canActForStore(principal, store)) throw errors.notFound('No such topic');
      if (INTERNAL_CHAT_EVENTS.includes(parsed.name) && !mayUseInternalChat(principal.type)) {
        throw errors.forbidden('The Store account has no shop chat');
      }
      break;
    }
  }
  if (action === 'publish' && !isClientEvent(parsed)) {
    throw errors.forbidden('Only the server publishes to this topic');
  }
  return parsed;
}
