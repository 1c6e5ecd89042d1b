import { useMemo, useState } from 'react';
import { ActionIcon, Box, Group, Paper, ScrollArea, SegmentedControl, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customerFleetPictureRoute, type PictureLink } from '@servicebay/domain';
import { ImageUpload } from '@servicebay/ui';
import { uploadWithProgress } from '@servicebay/web-core';
import { useServices } from '../context.js';
import type { PortalVehicleWidgetProps } from '../vehicles/widget-props.js';
import { portalDashboardKey } from '../dashboard/query-keys.js';
import { FLEET_SORT_KEYS, fleetLabel, searchFleet, sortFleet, type FleetSortKey, type SortDirection } from './fleet.js';
import classes from './FleetList.module.css';

/** Sort arrows (decorative): up for ascending, down for descending. */
const SortIcon = ({ direction }: { direction: SortDirection }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {direction === 'asc' ? <path d="M12 19V5M6 11l6-6 6 6" /> : <path d="M12 5v14M6 13l6 6 6-6" />}
  </svg>
);

/**
 * The fleet list (docs/portal.md "Fleet list"): the fleet logo and its upload at the top, then the
 * fleet manager's vehicles as '#fleetNumber - year make model engine', searched by fleet number,
 * make, model, year or plate, sorted by fleet number or year as integers either way; the selected
 * van is marked (aria-pressed) and the others select it.
 */
export function FleetList({
  customerId,
  vehicles,
  vehicle,
  selectVehicle,
  fleetPicture,
}: PortalVehicleWidgetProps & { /** The fleet manager's logo, from the dashboard's read. */ fleetPicture: PictureLink }) {
  const { t } = useTranslation(['portal', 'files']);
  const { session } = useServices();
  const queryClient = useQueryClient();
  const [term, setTerm] = useState('');
  const [sortKey, setSortKey] = useState<FleetSortKey>('fleetNumber');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const shown = useMemo(() => sortFleet(searchFleet(vehicles, term), sortKey, direction), [vehicles, term, sortKey, direction]);

  const uploadLogo = async (file: File, onProgress: (fraction: number | null) => void, signal: AbortSignal) => {
    await uploadWithProgress(customerFleetPictureRoute, {
      params: { customerId },
      file,
      fields: { fileName: file.name },
      getToken: session.getToken,
      onProgress: (p) => onProgress(p.fraction),
      signal,
    });
    await queryClient.invalidateQueries({ queryKey: portalDashboardKey(customerId) });
  };

  const directionLabel = t(direction === 'asc' ? 'fleet.ascending' : 'fleet.descending');
  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-labelledby="fleet-list-title" data-testid="fleet-list">
      <Stack gap="sm">
        <ImageUpload label={t('files:fleet.title')} value={fleetPicture} upload={uploadLogo} />
        <Title order={2} size="h4" id="fleet-list-title">
          {t('fleet.title')}
        </Title>
        {vehicle && (
          <Box>
            <Text size="xs" c="dimmed">
              {t('fleet.selected')}
            </Text>
            <Text fw={700} data-testid="fleet-selected">
              {fleetLabel(vehicle)}
            </Text>
          </Box>
        )}
        <TextInput
          type="search"
          label={t('fleet.search')}
          placeholder={t('fleet.searchPlaceholder')}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
        />
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Stack gap={4} style={{ flex: 1 }}>
            <Text size="sm" fw={500} id="fleet-sort-label">
              {t('fleet.sortBy')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="fleet-sort-label"
              value={sortKey}
              onChange={(value) => setSortKey(value as FleetSortKey)}
              data={FLEET_SORT_KEYS.map((key) => ({ value: key, label: t(`fleet.sort.${key}`) }))}
            />
          </Stack>
          <ActionIcon
            size={36}
            variant="default"
            onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}
            aria-label={t('fleet.direction', { direction: directionLabel })}
            title={t('fleet.direction', { direction: directionLabel })}
            data-testid="fleet-sort-direction"
            data-direction={direction}
          >
            <SortIcon direction={direction} />
          </ActionIcon>
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="fleet-count">
          {term.trim() ? t('fleet.found', { count: shown.length, total: vehicles.length }) : t('fleet.count', { count: vehicles.length })}
        </Text>
        {/* Forty vans are forty buttons: a scrolled list is fast enough without windowing. */}
        <ScrollArea.Autosize mah="min(35rem, 70dvh)" type="auto" offsetScrollbars className={classes.scroll}>
          {shown.length > 0 ? (
            <Stack component="ul" gap={4} m={0} p={0} aria-labelledby="fleet-list-title" style={{ listStyle: 'none' }} data-testid="fleet-vehicles">
              {shown.map((v) => {
                const selected = v._id === vehicle?._id;
                return (
                  <li key={v._id}>
                    <UnstyledButton
                      className={classes.item}
                      data-selected={selected || undefined}
                      aria-pressed={selected}
                      onClick={() => selectVehicle(v._id)}
                      w="100%"
                    >
                      <Text fw={selected ? 700 : 500} size="sm">
                        {fleetLabel(v)}
                      </Text>
                      {v.licensePlate && (
                        <Text size="xs" c="dimmed">
                          {v.licensePlate}
                        </Text>
                      )}
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {vehicles.length === 0 ? t('fleet.none') : t('fleet.noMatch', { term: term.trim() })}
            </Text>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
