import { signOffRepairOrderRoute } from '@servicebay/domain';
import { uploadWithProgress } from '@servicebay/web-core';
import type { OrderRef, UploadExtras } from '../repair-orders/repair-order-api.js';

/**
 * Finishes the order with the customer's signature (`POST .../signoff`): the signature PNG and the
 * signer's name are kept with the order; the answer is the whole order.
 */
export function signOffRepairOrder(
  ref: OrderRef,
  signature: Blob,
  fields: { signerName: string; language: string; workerId?: string },
  upload: UploadExtras,
) {
  return uploadWithProgress(signOffRepairOrderRoute, {
    params: ref,
    file: signature,
    fileName: 'signature.png',
    fields,
    ...upload,
  });
}
