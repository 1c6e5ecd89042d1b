import { Image, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PortalVehicle } from '@servicebay/domain';
import type { PortalVariant } from '../variant.js';

/**
 * The car's profile (minimal: the full widget, with the picture editor, is built apart and
 * replaces this file): the picture (the vehicle's, else the latest inspection's, else a default),
 * colour, year, make and model, and the car selector when there is more than one vehicle.
 */
export function ProfileWidget({
  vehicles,
  vehicle,
  selectVehicle,
}: {
  variant: PortalVariant;
  customerId: string;
  vehicles: PortalVehicle[];
  vehicle: PortalVehicle | null;
  selectVehicle: (vehicleId: string) => void;
}) {
  const { t } = useTranslation('portal');
  const describe = (v: PortalVehicle) => [v.color, v.year, v.make, v.model].filter(Boolean).join(' ');
  const picture = vehicle?.picture?.url ?? vehicle?.latestInspectionPicture?.url ?? null;
  return (
    <Paper withBorder radius="lg" p="md" h="100%" component="section" aria-labelledby="profile-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="profile-title">
          {t('profile.title')}
        </Title>
        {picture ? (
          <Image src={picture} alt={t('profile.pictureAlt')} radius="md" h={160} fit="cover" />
        ) : (
          <svg viewBox="0 0 120 60" role="img" aria-label={t('profile.noPicture')} style={{ height: 120, color: 'var(--mantine-color-gray-6)' }}>
            <path fill="currentColor" d="M20 38l8-14c2-3 4-4 8-4h44c4 0 6 1 9 4l11 14h6c3 0 5 2 5 5v5H8v-5c0-3 2-5 5-5h7zm14-12l-6 12h26V26H34zm26 0v12h30l-9-12H60z" />
            <circle cx="32" cy="48" r="8" fill="currentColor" />
            <circle cx="92" cy="48" r="8" fill="currentColor" />
          </svg>
        )}
        {vehicle && (
          <Text fw={600} data-testid="profile-vehicle">
            {describe(vehicle)}
          </Text>
        )}
        {vehicles.length > 1 && (
          <Select
            label={t('profile.selectVehicle')}
            data={vehicles.map((v) => ({ value: v._id, label: describe(v) || t('profile.unnamed') }))}
            value={vehicle?._id ?? null}
            onChange={(id) => id && selectVehicle(id)}
            allowDeselect={false}
          />
        )}
      </Stack>
    </Paper>
  );
}
