import { memo, startTransition, useCallback, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enterVin, unusableCharacters, vinDecoded, vinLookupFailed, type VehicleForm as VehicleFormValues } from '@servicebay/domain';
import { useUnusableCharacters } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { FormTextInput } from '../../kit/FormTextInput.js';
import { decodeVin } from './customers-api.js';
import { VinField, type DecodeStatus } from './VinField.js';
import { YmmeFields, ymmePart } from './YmmeFields.js';
import { HouseholdSection } from './HouseholdSection.js';
import { maySubmitVehicle, statusAfterEntry, vinLookupMarker } from './panel-model.js';

/** The plate, with the prompt naming characters a plate cannot hold; drawn again only when the plate changes. */
const PlateField = memo(function PlateField({ value, onValue }: { value: string; onValue: (field: string, text: string) => void }) {
  const { t } = useTranslation('customers');
  const plate = useUnusableCharacters('licensePlate', value, (cleaned) => onValue('licensePlate', cleaned));
  return (
    <TextInput
      label={t('vehicle.licensePlate')}
      name="licensePlate"
      autoComplete="off"
      maxLength={20}
      error={plate.error}
      errorProps={plate.errorProps}
      value={value}
      onChange={(event) => onValue('licensePlate', event.currentTarget.value)}
    />
  );
});

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
 * cascade, plate, fleet number and colour. The values live in the panel's state. A key typed in
 * one field draws that field again, not the VIN box or the four lists: every change goes through
 * `onChange` as an update of the latest values, and `onChange` must be stable.
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
  /** An update of the latest values (the decoder answers after the person typed on); stable. */
  onChange: (update: (latest: VehicleFormValues) => VehicleFormValues) => void;
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
      // The four lists filled from the answer are a transition: the person typing on is answered first.
      startTransition(() => {
        onChange((latest) => vinDecoded(latest, decoded));
        setStatus({ state: 'decoded', label: t('vehicle.decoded', { year: decoded.year, make: decoded.make, model: decoded.model }) });
      });
    },
    onError: (error, vin) => {
      if (vin !== wanted.current) return;
      // A lookup failing (status 400 or more) marks the vehicle; 'VIN not found' is shown.
      const marker = vinLookupMarker(isApiError(error) ? error : null);
      onChange((latest) => vinLookupFailed(latest, marker));
      setStatus({ state: 'notFound' });
    },
  });

  const { mutate: decodeVinOf } = decode;
  // What an entry does depends on its text alone (the VIN, custom entry, decoding or not), so it
  // is decided here and laid over the latest values: the same function for every render.
  const enter = useCallback(
    (text: string) => {
      const { vehicle, decode: shouldDecode } = enterVin({}, text);
      wanted.current = shouldDecode ? vehicle.vin! : null;
      onChange((latest) => enterVin(latest, text).vehicle);
      if (shouldDecode && vehicle.vin) decodeVinOf(vehicle.vin);
      else setStatus(statusAfterEntry(vehicle, text));
    },
    [onChange, decodeVinOf],
  );
  const scanSlot = useMemo(() => renderScanButton?.(enter), [renderScanButton, enter]);

  const set = useCallback((field: string, text: string) => onChange((latest) => ({ ...latest, [field]: text })), [onChange]);
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
      <VinField vin={value.vin} status={status} onEnter={enter} scanSlot={scanSlot} />
      <YmmeFields
        value={value}
        onChange={(next) => {
          // The VIN is one of the block's fields: it renders again when it changes, so this
          // closure's VIN is the form's.
          if (next.vin !== value.vin) {
            wanted.current = null;
            setStatus({ state: 'idle' });
          }
          onChange((latest) => ({ ...latest, ...ymmePart(next) }));
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <PlateField value={value.licensePlate ?? ''} onValue={set} />
        <FormTextInput label={t('vehicle.fleetNumber')} autoComplete="off" maxLength={30} field="fleetNumber" value={value.fleetNumber ?? ''} onValue={set} />
        <FormTextInput label={t('vehicle.color')} autoComplete="off" maxLength={40} field="color" value={value.color ?? ''} onValue={set} />
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
