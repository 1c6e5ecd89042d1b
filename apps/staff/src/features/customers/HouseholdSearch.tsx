import { useState } from 'react';
import { Badge, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, type Household } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { householdSearchQuery } from './customers-api.js';
import { customerName, vehicleName } from './names.js';
import { useThrottledValue } from './throttle.js';

/** A search term is valid at a trimmed length of at least 2. */
export const isSearchTerm = (term: string) => term.trim().length >= 2;

export interface HouseholdPick {
  household: Household;
  customerId?: string;
  vehicleId?: string;
}

/**
 * One box that finds customers (names, business, phones, e-mail) and vehicles (plate, VIN, fleet
 * number) of the store, best first; choosing a customer or a vehicle chooses its household.
 */
export function HouseholdSearch({
  storeId,
  initialTerm = '',
  onPick,
}: {
  storeId: string;
  /** A term to start with (the ticket page's vin query). */
  initialTerm?: string;
  onPick: (pick: HouseholdPick) => void;
}) {
  const { t } = useTranslation('customers');
  const { api } = useServices();
  const [term, setTerm] = useState(initialTerm);
  const throttled = useThrottledValue(term.trim(), LIMITS.searchThrottleMs);
  const valid = isSearchTerm(throttled);

  const search = useQuery({
    ...householdSearchQuery(api, storeId, throttled),
    enabled: valid,
    staleTime: 10_000,
  });
  const households = valid ? (search.data?._embedded.household ?? []) : [];
  const waiting = isSearchTerm(term) && (term.trim() !== throttled || search.isFetching);

  return (
    <Stack gap="sm" role="search">
      <TextInput
        type="search"
        size="md"
        label={t('panel.searchLabel')}
        placeholder={t('panel.searchPlaceholder')}
        description={t('panel.searchHint')}
        value={term}
        onChange={(event) => setTerm(event.currentTarget.value)}
        rightSection={waiting ? <Loader size="xs" aria-label={t('panel.searching')} /> : null}
        autoComplete="off"
        data-autofocus
      />
      <div aria-live="polite">
        {valid && !waiting && search.isSuccess && households.length === 0 && <Text>{t('panel.noResults', { term: throttled })}</Text>}
        {households.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('panel.results', { count: search.data?.total ?? households.length })}
          </Text>
        )}
      </div>
      {households.length > 0 && (
        <Stack component="ul" gap="xs" aria-label={t('panel.resultsLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {households.map((household) => (
            <li key={household._id}>
              <HouseholdResult household={household} onPick={onPick} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function HouseholdResult({ household, onPick }: { household: Household; onPick: (pick: HouseholdPick) => void }) {
  const { t } = useTranslation('customers');
  return (
    <Paper withBorder radius="md" p="xs" data-household={household._id}>
      <Stack gap={4}>
        {household.customers.map((customer) => (
          <UnstyledButton
            key={customer._id}
            onClick={() => onPick({ household, customerId: customer._id })}
            className="sb-result"
            data-result="customer"
          >
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{customerName(customer) || t('panel.noName')}</Text>
              {customer.business && customerName(customer) !== customer.business && <Text>{customer.business}</Text>}
              {customer.primaryPhone && <Text c="dimmed">{formatPhone(customer.primaryPhone)}</Text>}
              {customer.email && <Text c="dimmed">{customer.email}</Text>}
            </Group>
          </UnstyledButton>
        ))}
        {household.vehicles.map((vehicle) => (
          <UnstyledButton key={vehicle._id} onClick={() => onPick({ household, vehicleId: vehicle._id })} className="sb-result" data-result="vehicle">
            <Group gap="xs" wrap="wrap">
              <Text>{vehicleName(vehicle)}</Text>
              {vehicle.licensePlate && <Badge variant="light" color="gray">{t('panel.plate', { plate: vehicle.licensePlate })}</Badge>}
              {vehicle.fleetNumber && <Badge variant="light" color="gray">{t('panel.fleet', { number: vehicle.fleetNumber })}</Badge>}
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}

/** (514) 555-0101 from the stored ten digits. */
export function formatPhone(digits: string): string {
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}
