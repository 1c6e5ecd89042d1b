import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enterVin, unusableCharacters, vinDecoded, vinLookupFailed, type VehicleForm as VehicleFormValues } from '@servicebay/domain';
import { useUnusableCharacters } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { decodeVin } from './customers-api.js';
import { VinField, type DecodeStatus } from './VinField.js';
import { YmmeFields } from './YmmeFields.js';
import { HouseholdSection } from './HouseholdSection.js';
import { maySubmitVehicle, statusAfterEntry, vinLookupMarker } from './panel-model.js';

type TextField = 'licensePlate' | 'fleetNumber' | 'color';

/** The form's inputs checked for characters they cannot hold, by name, in the order shown. */
const CHECKED_INPUTS = ['vin', 'licensePlate'] as const;

/** The first input of the form still holding characters it cannot (its prompt shows under it). */
function inputWithUnusableCharacters(form: HTMLFormElement): HTMLInputElement | null {
  for (const name of CHECKED_INPUTS) {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement && unusableCharacters(name, input.value).length) return input;
  }
  return null;
}

/**
 * Create or edit one vehicle: VIN entry decoded offline (GET /v1/api/vin/{vin}), the YMME
 * cascade, plate, fleet number and colour. The values live in the panel's state.
 */
export function VehicleForm({
  value,
  onChange,
  onSave,
  onCancel,
  saving,
  renderScanButton,
  picture,
}: {
  value: VehicleFormValues;
  /** A value, or an update of the latest value (the decoder answers after the person typed on). */
  onChange: (next: VehicleFormValues | ((latest: VehicleFormValues) => VehicleFormValues)) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  /** Slot for the "Scan VIN" button: it calls back with the VIN read. */
  renderScanButton?: (onVin: (vin: string) => void) => ReactNode;
  /** Slot for the vehicle picture upload (saved vehicles only). */
  picture?: ReactNode;
}) {
  const { t } = useTranslation('customers');
  const { api } = useServices();
  const [status, setStatus] = useState<DecodeStatus>({ state: 'idle' });
  // The VIN last entered: the answer for an older entry (still decoding when a correction was
  // taken) must not overwrite the newer one.
  const wanted = useRef<string | null>(null);

  const decode = useMutation({
    mutationFn: (vin: string) => decodeVin(api, vin),
    onMutate: () => setStatus({ state: 'decoding' }),
    onSuccess: (decoded, vin) => {
      if (vin !== wanted.current) return;
      onChange((latest) => vinDecoded(latest, decoded));
      setStatus({ state: 'decoded', label: t('vehicle.decoded', { year: decoded.year, make: decoded.make, model: decoded.model }) });
    },
    onError: (error, vin) => {
      if (vin !== wanted.current) return;
      // A lookup failing (status 400 or more) marks the vehicle; 'VIN not found' is shown.
      const marker = vinLookupMarker(isApiError(error) ? error : null);
      onChange((latest) => vinLookupFailed(latest, marker));
      setStatus({ state: 'notFound' });
    },
  });

  const enter = (text: string) => {
    const { vehicle, decode: shouldDecode } = enterVin(value, text);
    wanted.current = shouldDecode ? vehicle.vin! : null;
    onChange(vehicle);
    if (shouldDecode && vehicle.vin) decode.mutate(vehicle.vin);
    else setStatus(statusAfterEntry(vehicle, text));
  };

  const text = (field: TextField) => ({
    value: (value[field] as string | null | undefined) ?? '',
    onChange: (event: { currentTarget: { value: string } }) => onChange({ ...value, [field]: event.currentTarget.value }),
  });
  const plate = useUnusableCharacters('licensePlate', value.licensePlate ?? '', (cleaned) =>
    onChange((latest) => ({ ...latest, licensePlate: cleaned })),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Not saved while the VIN or the plate holds characters it cannot: the cursor goes to the
    // field, whose prompt names them (the VIN box's text is the VIN field's own, hence the form).
    const unusable = inputWithUnusableCharacters(event.currentTarget);
    if (unusable) return unusable.focus();
    if (maySubmitVehicle(saving, decode.isPending)) onSave();
  };

  return (
    <HouseholdSection title={value._id ? t('vehicle.editTitle') : t('vehicle.newTitle')} onSubmit={submit}>
      <VinField vin={value.vin} status={status} onEnter={enter} scanSlot={renderScanButton?.(enter)} />
      <YmmeFields
        value={value}
        onChange={(next) => {
          if (next.vin !== value.vin) {
            wanted.current = null;
            setStatus({ state: 'idle' });
          }
          onChange(next);
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          label={t('vehicle.licensePlate')}
          name="licensePlate"
          autoComplete="off"
          maxLength={20}
          error={plate.error}
          errorProps={plate.errorProps}
          {...text('licensePlate')}
        />
        <TextInput label={t('vehicle.fleetNumber')} autoComplete="off" maxLength={30} {...text('fleetNumber')} />
        <TextInput label={t('vehicle.color')} autoComplete="off" maxLength={40} {...text('color')} />
      </SimpleGrid>
      {picture}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('vehicle.cancel')}
        </Button>
        <Button type="submit" loading={saving || decode.isPending}>
          {t('vehicle.save')}
        </Button>
      </Group>
    </HouseholdSection>
  );
}
