import type { Db } from '../../platform/db/client.js';
import { createInternalChatRepository } from '../internal-chat/internal-chat.repository.js';
import { createDemoRepository } from './demo.repository.js';

/** The open Downtown ticket the demo's shop chat is about (tech Theo and advisor Ava both on it). */
export const DEMO_CHAT_ORDER = '10231';
/** How many of the demo chat's messages the advisor has not read yet. */
export const DEMO_CHAT_UNREAD_FOR_ADVISOR = 3;

const MESSAGES: Array<{ from: 'advisor' | 'tech'; text: string; minutesAgo: number }> = [
  { from: 'advisor', text: 'The customer hears a squeal when braking. Can you look at the front pads?', minutesAgo: 50 },
  { from: 'tech', text: 'Sure, right after the oil change.', minutesAgo: 45 },
  { from: 'tech', text: 'Front pads are down to 3 mm and the rotors are scored.', minutesAgo: 20 },
  { from: 'tech', text: 'I would do pads and rotors on the front axle.', minutesAgo: 18 },
  { from: 'tech', text: 'Pictures are in the inspection.', minutesAgo: 17 },
];

/**
 * The demo's shop chat (docs/internal-chat.md "Demo data"): `tech` and `advisor` on RO 10231, five
 * messages; the technician has read everything, the advisor the first two (three unread).
 */
export async function seedDemoInternalChat(db: Db, now = new Date()): Promise<void> {
  const demo = createDemoRepository(db);
  const store = await demo.storeByName('Downtown');
  const advisor = await demo.userByUsername('advisor');
  const tech = await demo.userByUsername('tech');
  if (!store || !advisor || !tech) return;
  const [order] = await demo.ordersByNumbers(store.id, [DEMO_CHAT_ORDER]);
  if (!order) return;
  const chat = createInternalChatRepository(db);
  const channel = await chat.ensureChannel(store.id, order.id);
  if (channel.lastMessageIndex > 0) return;
  const people = { advisor: { user: advisor, name: 'Ava Dupont' }, tech: { user: tech, name: 'Theo Tremblay' } };
  for (const m of MESSAGES) {
    const at = new Date(now.getTime() - m.minutesAgo * 60_000);
    const who = people[m.from];
    const index = await chat.takeNextIndex(channel.id, m.text, who.name, at);
    await chat.insertMessage({ storeId: store.id, channelId: channel.id, index, senderId: who.user.id, senderName: who.name, senderType: 'worker', text: m.text, createdAt: at });
  }
  await chat.markRead(channel.id, tech.id, MESSAGES.length);
  await chat.markRead(channel.id, advisor.id, MESSAGES.length - DEMO_CHAT_UNREAD_FOR_ADVISOR);
}
