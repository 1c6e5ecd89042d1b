import { chatChannelName, type InternalChatChannel, type InternalChatMessage } from '@servicebay/domain';
import type { FileLinker } from '../../platform/files/files.js';
import type { ChannelRow, ChatOrderRow, MessageRow } from './internal-chat.repository.js';

const yearMakeModel = (order: ChatOrderRow) => [order.year, order.make, order.model].filter((p) => p !== null && p !== '').join(' ') || null;

/** The customer as the channel names it: first and last name, else null (the business is apart). */
const customerName = (order: ChatOrderRow) => [order.firstName, order.lastName].filter((p) => p !== null && p !== '').join(' ') || null;

/** The channel as one worker sees it: `lastReadIndex` is that worker's (0 when it never read). */
export function presentChannel(channel: ChannelRow, order: ChatOrderRow, lastReadIndex: number, link: FileLinker): InternalChatChannel {
  const picture = link({ key: order.primaryPictureKey, name: 'order' }) ?? link({ key: order.vehiclePictureKey, name: 'vehicle' });
  const readIndex = Math.min(lastReadIndex, channel.lastMessageIndex);
  return {
    id: channel.id,
    repairOrderId: channel.inspectionOrderId,
    isClosed: order.closed,
    text: channel.lastText,
    date: channel.lastMessageAt?.toISOString() ?? null,
    sender: channel.lastSender,
    unreadCount: channel.lastMessageIndex - readIndex,
    lastMessageIndex: channel.lastMessageIndex,
    lastReadIndex: readIndex,
    primaryPicture: picture?.url ?? null,
    orderNumber: order.orderNumber,
    licensePlate: order.licensePlate,
    yearMakeModel: yearMakeModel(order),
    customerName: customerName(order),
    business: order.business,
  };
}

/** A message as one worker sees it: read when it is the worker's own or at or before its last-read index. */
export function presentMessage(row: MessageRow, order: Pick<ChatOrderRow, 'orderNumber' | 'inspectionOrderId'>, viewer: { id: string; lastReadIndex: number } | null): InternalChatMessage {
  return {
    id: row.id,
    index: row.index,
    senderId: row.senderId,
    senderName: row.senderName,
    senderType: 'worker',
    text: row.text,
    read: viewer !== null && (row.senderId === viewer.id || row.index <= viewer.lastReadIndex),
    creationDate: row.createdAt.toISOString(),
    channelId: row.channelId,
    repairOrderId: order.inspectionOrderId,
    channelName: chatChannelName(order.orderNumber, order.inspectionOrderId),
    clientMessageId: row.clientMessageId,
  };
}

export function senderNameOf(user: { firstName: string; lastName: string; username: string }): string {
  return [user.firstName, user.lastName].filter((p) => p !== '').join(' ') || user.username;
}
