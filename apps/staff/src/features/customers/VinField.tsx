import { memo, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkVin, isPlausibleVin, LIMITS } from '@servicebay/domain';
import { useUnusableCharacters } from '@servicebay/ui';
import { isNewVinEntry } from './panel-model.js';

export type DecodeStatus = { state: 'idle' } | { state: 'decoding' } | { state: 'decoded'; label: string } | { state: 'notFound' } | { state: 'notVin' };

/**
 * VIN entry. The entry is taken when the field is left, on Enter, with the Decode button, or as
 * soon as 17 characters are typed; a failing check digit or I/O/Q is a warning with the likely
 * correction, never a refusal (vehicles from other markets may fail it). Characters no VIN holds
 * (anything but letters and digits) are named under the field as they are typed, with a button
 * that removes them; the input is named `vin`, for the form to refuse saving while they are there.
 * Drawn again only when its props change (the form's other fields typed in leave it alone).
 */
export const VinField = memo(function VinField({
  vin,
  status,
  onEnter,
  scanSlot,
}: {
  vin: string | null | undefined;
  status: DecodeStatus;
  onEnter: (text: string) => void;
  scanSlot?: ReactNode;
}) {
  const { t } = useTranslation('customers');
  const [text, setText] = useState(vin ?? '');
  const [entered, setEntered] = useState(vin ?? '');
  const [shown, setShown] = useState(vin ?? '');

  // A VIN set or cleared from elsewhere (a scan, a correction, a year change) shows in the box.
  // Adjusted while rendering, as React advises for state that follows a prop.
  if ((vin ?? '') !== shown) {
    setShown(vin ?? '');
    setEntered(vin ?? '');
    if ((vin ?? '') !== text.trim().toUpperCase()) setText(vin ?? '');
  }

  const enter = (value: string) => {
    if (!isNewVinEntry(value, entered)) return;
    setEntered(value);
    // A text that is no VIN leaves the vehicle without one; it stays in the box for the person to
    // see, rather than being taken for a VIN cleared from elsewhere.
    if (!isPlausibleVin(value)) setShown('');
    onEnter(value);
  };
  const check = checkVin(text);
  const unusable = useUnusableCharacters('vin', text, (cleaned) => {
    setText(cleaned);
    if (isPlausibleVin(cleaned)) enter(cleaned);
    // Already entered as no VIN, it stays so: entering it again would clear the year, make, model
    // and engine typed by hand since.
    else if (entered === text) setEntered(cleaned);
  });

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 16rem' }}
          label={t('vehicle.vin')}
          description={t('vehicle.vinHint')}
          name="vin"
          value={text}
          error={unusable.error}
          errorProps={unusable.errorProps}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' } }}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            if (next.trim().length === LIMITS.vinLength) enter(next);
          }}
          onBlur={() => enter(text)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              enter(text);
            }
          }}
        />
        <Button variant="light" onClick={() => enter(text)} disabled={!text.trim()}>
          {t('vehicle.decode')}
        </Button>
        {scanSlot}
      </Group>
      <div aria-live="polite">
        {status.state === 'decoding' && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('vehicle.decoding')}</Text>
          </Group>
        )}
        {status.state === 'decoded' && (
          <Text size="sm" fw={600} data-testid="vin-decoded">
            {status.label}
          </Text>
        )}
        {status.state === 'notVin' && <Text size="sm">{t('vehicle.notVin')}</Text>}
      </div>
      {status.state === 'notFound' && (
        <Alert color="red" variant="light" role="alert" title={t('vehicle.vinNotFound')}>
          {t('vehicle.vinNotFoundDetail')}
        </Alert>
      )}
      {check.plausible && !check.valid && (
        <Alert color="orange" variant="light" role="alert" data-testid="vin-warning">
          <Stack gap={6}>
            <Text size="sm">{t(check.warnings.includes('FORBIDDEN_LETTERS') ? 'vehicle.forbiddenLettersWarning' : 'vehicle.checkDigitWarning')}</Text>
            {check.correction && (
              <Group gap="xs">
                <Text size="sm">{t('vehicle.likelyCorrection', { vin: check.correction })}</Text>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => {
                    setText(check.correction!);
                    enter(check.correction!);
                  }}
                >
                  {t('vehicle.useCorrection', { vin: check.correction })}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
});
