import { ActionIcon, Badge, Button, Group, Radio, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Customer, Vehicle } from '@servicebay/domain';
import { formatPhone } from './HouseholdSearch.js';
import { customerName, vehicleName } from './names.js';
import { HouseholdSection } from './HouseholdSection.js';

function PencilIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </svg>
  );
}

function UnlinkIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </svg>
  );
}

/** The household's customers: pick the ticket's one, edit one, take one out of the household. */
export function CustomerList({
  customers,
  selectedId,
  onSelect,
  onEdit,
  onRemove,
  onAdd,
}: {
  customers: Customer[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onEdit: (customer: Customer) => void;
  onRemove: (customer: Customer) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation('customers');
  return (
    <HouseholdSection
      title={t('panel.customers')}
      action={
        <Button variant="light" size="compact-md" onClick={onAdd}>
          {t('panel.addCustomer')}
        </Button>
      }
    >
      <Radio.Group value={selectedId} onChange={onSelect} label={<VisuallyHidden>{t('panel.selectCustomer')}</VisuallyHidden>}>
        <Stack gap="xs">
          {customers.map((customer) => {
            const name = customerName(customer) || t('panel.noName');
            return (
              <Group key={customer._id} justify="space-between" wrap="nowrap" data-customer={customer._id}>
                <Radio
                  value={customer._id}
                  label={
                    <span>
                      <Text span fw={600}>
                        {name}
                      </Text>
                      {customer.business && customer.business !== name && <Text span> · {customer.business}</Text>}
                      {customer.primaryPhone && <Text span c="dimmed"> · {formatPhone(customer.primaryPhone)}</Text>}
                    </span>
                  }
                />
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" size="lg" aria-label={t('panel.editCustomer', { name })} onClick={() => onEdit(customer)}>
                    <PencilIcon />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('panel.removeCustomer', { name })} onClick={() => onRemove(customer)}>
                    <UnlinkIcon />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
      </Radio.Group>
    </HouseholdSection>
  );
}

/** The household's vehicles, the same way. */
export function VehicleList({
  vehicles,
  selectedId,
  onSelect,
  onEdit,
  onRemove,
  onAdd,
}: {
  vehicles: Vehicle[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onEdit: (vehicle: Vehicle) => void;
  onRemove: (vehicle: Vehicle) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation('customers');
  return (
    <HouseholdSection
      title={t('panel.vehicles')}
      action={
        <Button variant="light" size="compact-md" onClick={onAdd}>
          {t('panel.addVehicle')}
        </Button>
      }
    >
      {vehicles.length === 0 && <Text c="dimmed">{t('panel.noVehicles')}</Text>}
      <Radio.Group value={selectedId} onChange={onSelect} label={<VisuallyHidden>{t('panel.selectVehicle')}</VisuallyHidden>}>
        <Stack gap="xs">
          {vehicles.map((vehicle) => {
            const name = vehicleName(vehicle);
            return (
              <Group key={vehicle._id} justify="space-between" wrap="nowrap" data-vehicle={vehicle._id}>
                <Radio
                  value={vehicle._id}
                  label={
                    <Group gap={6} wrap="wrap" component="span">
                      <Text span fw={600}>
                        {name}
                      </Text>
                      {vehicle.licensePlate && (
                        <Badge variant="light" color="gray" component="span">
                          {t('panel.plate', { plate: vehicle.licensePlate })}
                        </Badge>
                      )}
                      {vehicle.fleetNumber && (
                        <Badge variant="light" color="gray" component="span">
                          {t('panel.fleet', { number: vehicle.fleetNumber })}
                        </Badge>
                      )}
                      {vehicle.vin && (
                        <Text span size="sm" c="dimmed" ff="monospace">
                          {vehicle.vin}
                        </Text>
                      )}
                    </Group>
                  }
                />
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" size="lg" aria-label={t('panel.editVehicle', { name })} onClick={() => onEdit(vehicle)}>
                    <PencilIcon />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('panel.removeVehicle', { name })} onClick={() => onRemove(vehicle)}>
                    <UnlinkIcon />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
      </Radio.Group>
    </HouseholdSection>
  );
}
