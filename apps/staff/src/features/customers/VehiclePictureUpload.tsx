import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Vehicle } from '@servicebay/domain';
import { ImageUpload } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { uploadVehiclePicture, vehicleQuery, vehicleQueryKey } from './customers-api.js';

/**
 * The vehicle's picture (or profile picture): shown, and replaced by a PNG or
 * JPEG uploaded with a progress bar (POST .../vehicle/{id}/picture). The chosen or captured
 * picture goes through the image editor first (arrows, circles, rotation; docs/media.md) and the
 * edited JPEG is what is sent. The server turns it upright, shrinks it and strips its metadata;
 * the answer's signed URL is shown at once, and opens in the image gallery.
 */
export function VehiclePictureUpload({
  storeId,
  vehicleId,
  onUploaded,
}: {
  storeId: string;
  vehicleId: string;
  /** Told of the vehicle as saved, picture included. */
  onUploaded?: (vehicle: Vehicle) => void;
}) {
  const { t } = useTranslation('files');
  const { api, session } = useServices();
  const queryClient = useQueryClient();
  const vehicle = useQuery(vehicleQuery(api, storeId, vehicleId));

  return (
    <ImageUpload
      annotate
      label={t('vehicle.title')}
      value={vehicle.data?.picture ?? null}
      upload={async (file, onProgress, signal) => {
        const saved = await uploadVehiclePicture(storeId, vehicleId, file, {
          getToken: session.getToken,
          onProgress: (p) => onProgress(p.fraction),
          signal,
        });
        queryClient.setQueryData(vehicleQueryKey(storeId, vehicleId), saved);
        onUploaded?.(saved);
        return saved;
      }}
    />
  );
}

/**
 * For the panel's `renderVehiclePicture` slot on pages under /store/:storeId: the store comes
 * from the route. `renderVehiclePicture: (vehicleId) => <VehiclePictureSlot vehicleId={vehicleId} />`
 */
export function VehiclePictureSlot({ vehicleId }: { vehicleId: string }) {
  const { storeId } = useParams();
  return storeId ? <VehiclePictureUpload storeId={storeId} vehicleId={vehicleId} /> : null;
}
