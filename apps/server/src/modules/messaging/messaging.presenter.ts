import {
  dayIn,
  textStatus,
  textStatusGroup,
  ZTextDeliveryStatus,
  type Conversation,
  type TextDeliveryStatus,
  type TextMessage,
} from '@servicebay/domain';
import type { FileLinker } from '../../platform/files/index.js';
import { normalizePhone } from '../../platform/sms/index.js';
import type { ConversationOrderRow, ConversationRow, TextMessageRow } from './messaging.repository.js';

/** The column is plain text; only this module writes it, with TextDeliveryStatus values. */
export function deliveryStatusOf(row: Pick<TextMessageRow, 'status'>): TextDeliveryStatus {
  const parsed = ZTextDeliveryStatus.safeParse(row.status);
  return parsed.success ? parsed.data : 'queued';
}

export function presentTextMessage(row: TextMessageRow, timeZone: string): TextMessage {
  const deliveryStatus = deliveryStatusOf(row);
  return {
    _id: row.id,
    messageId: row.messageId,
    customerId: row.customerId,
    storeId: row.storeId,
    userId: row.userId,
    creationDate: row.createdAt.toISOString(),
    creationDay: dayIn(row.createdAt, timeZone),
    senderType: row.senderType === 'customer' ? 'customer' : 'store',
    senderName: row.senderName,
    from: row.from,
    text: row.text,
    status: textStatus(deliveryStatus),
    statusGroup: textStatusGroup(deliveryStatus),
    deliveryStatus,
    scheduledFor: row.scheduledFor && deliveryStatus === 'scheduled' ? row.scheduledFor.toISOString() : null,
    read: row.seenAt !== null,
    automatic: row.automatic,
  };
}

const yearMakeModel = (order: ConversationOrderRow | undefined) => {
  if (!order) return null;
  const text = [order.year, order.make, order.model].filter((part) => part !== null && part !== '').join(' ');
  return text || null;
};

export function presentConversation(
  row: ConversationRow,
  order: ConversationOrderRow | undefined,
  link: FileLinker,
): Conversation {
  const picture =
    link({ key: row.fleetPictureKey, name: row.fleetPictureName }) ??
    link({ key: order?.vehiclePictureKey ?? null, name: 'vehicle' });
  return {
    customerId: row.customerId,
    firstName: row.firstName,
    lastName: row.lastName,
    business: row.business,
    customerNumber: normalizePhone(row.mobilePhone ?? ''),
    permissionToText: row.permissionToText,
    text: row.lastText,
    sender: row.lastSender,
    senderType: row.lastSenderType === 'customer' ? 'customer' : row.lastSenderType === 'store' ? 'store' : null,
    date: row.lastMessageAt?.toISOString() ?? null,
    unreadSentMessages: row.unreadCount,
    errorMessages: row.errorCount,
    inspectionOrderId: order?.inspectionOrderId ?? null,
    orderNumber: order?.orderNumber ?? null,
    inspectionOrderClosed: !order || order.closed,
    vehicleInShop: !!order && !order.closed && order.vehicleInShop,
    yearMakeModel: yearMakeModel(order),
    licensePlate: order?.licensePlate ?? null,
    primaryPicture: picture?.url ?? null,
  };
}

/** How a customer is named as a sender: first and last name, else the business. */
export function customerDisplayName(c: { firstName: string | null; lastName: string | null; business: string | null }): string {
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return name || c.business || '';
}
