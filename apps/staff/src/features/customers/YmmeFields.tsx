import { memo } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeYmme, type VehicleForm, type YmmeField } from '@servicebay/domain';
import { useDialogs } from '@servicebay/ui';
import { options, useEngines, useMakes, useModels, useYears } from './vehicle-data.js';
import { backToLists, enginesMissing, isSameYmme, typedYear, ymmeValue } from './panel-model.js';

/** The fields of a vehicle this block reads and changes; the rest (plate, fleet number...) is the form's. */
export const YMME_FIELDS = ['vin', 'year', 'make', 'model', 'engine', 'trim', 'customYMME', 'error'] as const;

/** The block's part of a vehicle, to lay over the latest one. */
export function ymmePart(vehicle: VehicleForm): Partial<VehicleForm> {
  return Object.fromEntries(YMME_FIELDS.map((field) => [field, vehicle[field]]));
}

/**
 * Year → make → model → engine. Each choice clears what depends on it (and the VIN and
 * trim), the next list loads for it, and a valid-looking VIN is only cleared after a confirmation.
 * In custom entry (a non-VIN identifier) the four are typed.
 *
 * Its four lists are the form's heaviest part: it renders again only when one of `YMME_FIELDS`
 * changes, not at each key typed in the plate or the other fields. So the vehicle it hands to
 * `onChange` may carry older values of the other fields: the caller keeps only `ymmePart` of it.
 */
export const YmmeFields = memo(YmmeFieldsOf, (before, after) => YMME_FIELDS.every((field) => before.value[field] === after.value[field]));

function YmmeFieldsOf({ value, onChange }: { value: VehicleForm; onChange: (next: VehicleForm) => void }) {
  const { t } = useTranslation('customers');
  const dialogs = useDialogs();
  const years = useYears();
  const makes = useMakes(value.year);
  const models = useModels(value.year, value.make);
  const engines = useEngines(value.year, value.make, value.model);

  const choose = async (field: YmmeField, raw: string | null) => {
    const next = ymmeValue(field, raw);
    if (isSameYmme(value, field, next)) return;
    const change = changeYmme(value, field, next);
    if (change.confirm && !(await dialogs.confirm({ message: t(`confirm.${change.confirm}`) }))) return;
    onChange(change.vehicle);
  };

  if (value.customYMME) {
    const typed = (field: 'make' | 'model' | 'engine') => ({
      value: (value[field] as string | null | undefined) ?? '',
      onChange: (event: { currentTarget: { value: string } }) => onChange({ ...value, [field]: event.currentTarget.value }),
    });
    return (
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput
            label={t('vehicle.year')}
            inputMode="numeric"
            maxLength={4}
            value={value.year ? String(value.year) : ''}
            onChange={(event) => {
              onChange({ ...value, year: typedYear(event.currentTarget.value) });
            }}
          />
          <TextInput label={t('vehicle.make')} {...typed('make')} />
          <TextInput label={t('vehicle.model')} {...typed('model')} />
          <TextInput label={t('vehicle.engine')} {...typed('engine')} />
        </SimpleGrid>
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(backToLists(value))}>
            {t('vehicle.useLists')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const engineList = options(engines.data, value.engine);
  const noEngineData = enginesMissing(value.model, engines.isSuccess, engineList.length);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Select
          label={t('vehicle.year')}
          data={options(years.data, value.year)}
          value={value.year ? String(value.year) : null}
          onChange={(v) => void choose('year', v)}
          searchable
          limit={60}
          error={years.isError ? t('vehicle.listFailed') : undefined}
        />
        <Select
          label={t('vehicle.make')}
          data={options(makes.data, value.make)}
          value={value.make ?? null}
          onChange={(v) => void choose('make', v)}
          disabled={!value.year}
          searchable
          limit={60}
          error={makes.isError ? t('vehicle.listFailed') : undefined}
        />
        <Select
          label={t('vehicle.model')}
          data={options(models.data, value.model)}
          value={value.model ?? null}
          onChange={(v) => void choose('model', v)}
          disabled={!value.make}
          searchable
          limit={60}
          error={models.isError ? t('vehicle.listFailed') : undefined}
        />
        {noEngineData ? (
          <TextInput
            label={t('vehicle.engine')}
            description={t('vehicle.noEngines')}
            value={value.engine ?? ''}
            onChange={(event) => onChange({ ...value, engine: event.currentTarget.value })}
          />
        ) : (
          <Select
            label={t('vehicle.engine')}
            data={engineList}
            value={value.engine ?? null}
            onChange={(v) => void choose('engine', v)}
            disabled={!value.model}
            searchable
            error={engines.isError ? t('vehicle.listFailed') : undefined}
          />
        )}
      </SimpleGrid>
      {value.trim && (
        <Text size="sm">
          {t('vehicle.trim')}: {value.trim}
        </Text>
      )}
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={() => onChange({ ...value, customYMME: true })}>
          {t('vehicle.customYmme')}
        </Button>
      </Group>
    </Stack>
  );
}
