import { memo, useCallback, type FormEvent } from 'react';
import { Button, Checkbox, Group, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerForm as CustomerFormValues } from '@servicebay/domain';
import { FormTextInput } from '../../kit/FormTextInput.js';
import { HouseholdSection } from './HouseholdSection.js';

const HONORIFICS = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'] as const;
type Honorific = (typeof HONORIFICS)[number];
const isHonorific = (v: unknown): v is Honorific => HONORIFICS.includes(v as Honorific);

type TextField = 'firstName' | 'lastName' | 'business' | 'mobilePhone' | 'homePhone' | 'workPhone' | 'primaryPhone' | 'email';

/** The honorific list, drawn again only when the honorific changes (a Select is the form's heaviest input). */
const HonorificSelect = memo(function HonorificSelect({ value, onValue }: { value: Honorific; onValue: (field: string, value: unknown) => void }) {
  const { t } = useTranslation('customers');
  return (
    <Select
      label={t('customer.honorific')}
      data={HONORIFICS.map((h) => ({ value: h, label: t(`customer.honorifics.${h}`) }))}
      value={value}
      onChange={(next) => onValue('honorific', next ?? 'Mr')}
      allowDeselect={false}
    />
  );
});

/**
 * Create or edit one customer. The values live in the panel's state (the
 * editing rules own them); this only shows and changes them. Each field is drawn again only when
 * its own value changes, so `onChange` takes an update of the latest values and must be stable.
 */
export function CustomerForm({
  value,
  onChange,
  onSave,
  onCancel,
  saving,
}: {
  value: CustomerFormValues;
  onChange: (update: (latest: CustomerFormValues) => CustomerFormValues) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation('customers');
  const isNew = !value._id;
  const set = useCallback((field: string, fieldValue: unknown) => onChange((latest) => ({ ...latest, [field]: fieldValue })), [onChange]);
  const text = (field: TextField) => ({ field, value: (value[field] as string | null | undefined) ?? '', onValue: set });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSave();
  };
  const honorific = isHonorific(value.honorific) ? value.honorific : 'Mr';

  return (
    <HouseholdSection title={isNew ? t('customer.newTitle') : t('customer.editTitle')} onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <HonorificSelect value={honorific} onValue={set} />
        <FormTextInput label={t('customer.firstName')} autoComplete="off" {...text('firstName')} />
        <FormTextInput label={t('customer.lastName')} autoComplete="off" {...text('lastName')} />
      </SimpleGrid>
      <FormTextInput label={t('customer.business')} autoComplete="off" {...text('business')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormTextInput label={t('customer.mobilePhone')} type="tel" inputMode="tel" autoComplete="off" {...text('mobilePhone')} />
        <FormTextInput label={t('customer.primaryPhone')} description={t('customer.primaryPhoneHint')} type="tel" inputMode="tel" autoComplete="off" {...text('primaryPhone')} />
        <FormTextInput label={t('customer.homePhone')} type="tel" inputMode="tel" autoComplete="off" {...text('homePhone')} />
        <FormTextInput label={t('customer.workPhone')} type="tel" inputMode="tel" autoComplete="off" {...text('workPhone')} />
      </SimpleGrid>
      <FormTextInput label={t('customer.email')} type="email" inputMode="email" autoComplete="off" {...text('email')} />
      <Checkbox
        label={t('customer.permissionToText')}
        checked={Boolean(value.permissionToText)}
        onChange={(event) => set('permissionToText', event.currentTarget.checked)}
      />
      {isNew && (
        <Checkbox
          label={t('customer.namesNotMandatory')}
          checked={Boolean(value.namesNotMandatory)}
          onChange={(event) => set('namesNotMandatory', event.currentTarget.checked)}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('customer.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {t('customer.save')}
        </Button>
      </Group>
    </HouseholdSection>
  );
}
