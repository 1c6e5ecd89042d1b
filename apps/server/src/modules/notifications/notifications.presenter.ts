import type { Notification, NotificationKind } from '@servicebay/domain';
import { translate } from '../../platform/i18n/translate.js';
import type { NotificationRow } from './notifications.repository.js';

type Params = Record<string, string | number | null | undefined>;

/** The headline in the reader's language, from the notification's kind and what the event said. */
export function headlineOf(kind: NotificationKind, params: Params, language: string): string {
  const text = (key: string) => translate(language, `notifications:${key}`);
  const order = params.order ? translate(language, 'notifications:order', { number: params.order }) : text('noOrderNumber');
  switch (kind) {
    case 'reportApproved':
      return translate(language, 'notifications:headline.reportApproved', {
        signer: params.signer ?? text('aCustomer'),
        order,
        approved: params.approved ?? 0,
        declined: params.declined ?? 0,
      });
    case 'inboundText':
      return translate(language, 'notifications:headline.inboundText', {
        customer: params.customer ?? text('aCustomer'),
        order,
        text: params.text ?? '',
      });
    case 'orderAssigned':
      return translate(language, 'notifications:headline.orderAssigned', { order, vehicle: params.vehicle ?? text('aVehicle') });
  }
}

export function presentNotification(row: NotificationRow, language: string): Notification {
  const kind = row.kind as NotificationKind;
  return {
    _id: row.id,
    id: row.id,
    headline: headlineOf(kind, (row.params ?? {}) as Params, language),
    kind,
    read: row.read,
    archived: row.archived,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    expirationDate: row.expiresAt.toISOString(),
    storeId: row.storeId,
    inspectionOrderId: row.inspectionOrderId,
    customerId: row.customerId,
  };
}
