import { NavLink, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PortalVehicle } from '@servicebay/domain';
import type { PortalVariant } from '../variant.js';

/**
 * The fleet's vehicles (minimal: the full widget, with the logo, search and sort, is built apart
 * and replaces this file): '#fleetNumber - year make model engine', 00 without a fleet number;
 * a click selects the vehicle.
 */
export function FleetList({
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
  return (
    <Paper withBorder radius="lg" p="md" h="100%" component="section" aria-labelledby="fleet-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="fleet-title">
          {t('fleet.title')}
        </Title>
        <nav aria-labelledby="fleet-title">
          {vehicles.map((v) => (
            <NavLink
              key={v._id}
              component="button"
              label={`#${v.fleetNumber || '00'} - ${[v.year, v.make, v.model, v.engine].filter(Boolean).join(' ')}`}
              active={v._id === vehicle?._id}
              aria-current={v._id === vehicle?._id ? 'true' : undefined}
              onClick={() => selectVehicle(v._id)}
            />
          ))}
        </nav>
      </Stack>
    </Paper>
  );
}
