import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { amountToCents, CURRENCIES, taxProblems, type StoreSettings } from '@servicebay/domain';

type EstimateFields = Pick<StoreSettings, 'currency' | 'labourRate' | 'taxes'>;

const MAX_TAXES = 5;

/** Whether the estimate settings can be saved (the server checks the same with ZStoreSettings). */
export function estimateSettingsValid(settings: EstimateFields): boolean {
  return (
    taxProblems(settings.taxes).length === 0 && settings.labourRate >= 0 && settings.labourRate <= 10_000_00
  );
}

/** The store settings' estimate group (docs/estimates.md): currency, labour rate, taxes. */
export function EstimateSettings({
  settings,
  onChange,
}: {
  settings: EstimateFields;
  onChange: (change: Partial<EstimateFields>) => void;
}) {
  const { t } = useTranslation('admin');
  const problems = taxProblems(settings.taxes);
  const setTax = (index: number, change: Partial<StoreSettings['taxes'][number]>) =>
    onChange({ taxes: settings.taxes.map((tax, i) => (i === index ? { ...tax, ...change } : tax)) });
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-start" wrap="wrap">
        <Select
          label={t('storeSettings.estimates.currency')}
          allowDeselect={false}
          value={settings.currency}
          onChange={(v) => v && onChange({ currency: v as StoreSettings['currency'] })}
          data={CURRENCIES.map((c) => ({ value: c, label: c }))}
          w={140}
        />
        <NumberInput
          label={t('storeSettings.estimates.labourRate')}
          description={t('storeSettings.estimates.labourRateHint')}
          min={0}
          max={10_000}
          decimalScale={2}
          fixedDecimalScale
          step={5}
          value={settings.labourRate / 100}
          onChange={(v) => {
            const cents = amountToCents(v);
            if (cents !== null) onChange({ labourRate: Math.min(10_000_00, Math.max(0, cents)) });
          }}
          w={260}
        />
      </Group>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('storeSettings.estimates.taxes')}
        </Text>
        <Text size="sm">{t('storeSettings.estimates.taxNameFrHint')}</Text>
        {settings.taxes.length === 0 && <Text size="sm">{t('storeSettings.estimates.noTaxes')}</Text>}
        {settings.taxes.map((tax, index) => {
          const n = index + 1;
          const own = problems.filter((p) => p.index === index);
          return (
            <Paper key={index} withBorder p="sm" radius="md" data-testid="tax-row">
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput
                  label={t('storeSettings.estimates.taxName', { n })}
                  value={tax.name}
                  maxLength={40}
                  onChange={(e) => setTax(index, { name: e.currentTarget.value })}
                  w={180}
                />
                <TextInput
                  label={t('storeSettings.estimates.taxNameFr', { n })}
                  placeholder={tax.name}
                  value={tax.nameFr ?? ''}
                  maxLength={40}
                  onChange={(e) => setTax(index, { nameFr: e.currentTarget.value })}
                  w={180}
                />
                <NumberInput
                  label={t('storeSettings.estimates.taxRate', { n })}
                  min={0}
                  max={100}
                  decimalScale={3}
                  value={tax.ratePercent}
                  onChange={(v) => setTax(index, { ratePercent: typeof v === 'number' ? v : Number(v) || 0 })}
                  w={160}
                />
                <Checkbox
                  label={t('storeSettings.estimates.onLabour')}
                  checked={tax.onLabour}
                  onChange={(e) => setTax(index, { onLabour: e.currentTarget.checked })}
                />
                <Checkbox
                  label={t('storeSettings.estimates.onParts')}
                  checked={tax.onParts}
                  onChange={(e) => setTax(index, { onParts: e.currentTarget.checked })}
                />
                <Checkbox
                  label={t('storeSettings.estimates.onFees')}
                  checked={tax.onFees}
                  onChange={(e) => setTax(index, { onFees: e.currentTarget.checked })}
                />
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('storeSettings.estimates.removeTax', { n })}
                  onClick={() => onChange({ taxes: settings.taxes.filter((_, i) => i !== index) })}
                >
                  ×
                </ActionIcon>
              </Group>
              {own.map((p) => (
                <Text key={p.problem} c="red" size="sm" mt={4} role="alert">
                  {t(`storeSettings.estimates.problems.${p.problem}`)}
                </Text>
              ))}
            </Paper>
          );
        })}
        <Group>
          <Button
            variant="default"
            disabled={settings.taxes.length >= MAX_TAXES}
            onClick={() =>
              onChange({
                taxes: [
                  ...settings.taxes,
                  { name: '', ratePercent: 0, onLabour: true, onParts: true, onFees: true },
                ],
              })
            }
          >
            {t('storeSettings.estimates.addTax')}
          </Button>
          {settings.taxes.length >= MAX_TAXES && (
            <Text size="sm">{t('storeSettings.estimates.tooManyTaxes')}</Text>
          )}
        </Group>
      </Stack>
    </Stack>
  );
}
