import { memo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { storeOrder, uploadPrimaryPicture } from './repair-order-api.js';

/**
 * The order's primary picture (`POST .../primaryPicture`): shown (it
 * opens in the image gallery) and taken or replaced through the image editor, uploaded with a
 * progress bar. A video gives 'Were sorry videos are not allowed as primary pictures' and the
 * editor closes; the server refuses one anyway (415, same text). The answer is the whole order:
 * it replaces the cached one, so the picture total counts it at once.
 *
 * Given the picture's url and name as strings: the order is read again after every result
 * change, and its signed URL stays the same within its window, so the memo holds.
 */
export const PrimaryPicture = memo(function PrimaryPicture({
  storeId,
  orderId,
  url,
  name,
  disabled,
}: {
  storeId: string;
  orderId: string;
  url: string | null;
  name: string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('inspectionPage');
  const { session } = useServices();
  const queryClient = useQueryClient();
  return (
    <ImageUpload
      annotate
      label={t('primaryPicture')}
      value={url !== null && name !== null ? { url, name } : null}
      disabled={disabled}
      upload={async (file, onProgress, signal) => {
        const saved = await uploadPrimaryPicture({ storeId, inspectionOrderId: orderId }, file, {
          getToken: session.getToken,
          onProgress: (p) => onProgress(p.fraction),
          signal,
        });
        storeOrder(queryClient, saved);
        return saved;
      }}
    />
  );
});
