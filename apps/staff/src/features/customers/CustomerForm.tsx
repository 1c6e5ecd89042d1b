import type { FormEvent } from 'react';
import { Button, Checkbox, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerForm as CustomerFormValues } from '@servicebay/domain';
import { HouseholdSection } from './HouseholdSection.js';

const HONORIFICS = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'] as const;
type Honorific = (typeof HONORIFICS)[number];
const isHonorific = (v: unknown): v is Honorific => HONORIFICS.includes(v as Honorific);

type TextField = 'firstName' | 'lastName' | 'business' | 'mobilePhone' | 'homePhone' | 'workPhone' | 'primaryPhone' | 'email';

/**
 * Create or edit one customer. The values live in the panel's state (the
 * editing rules own them); this only shows and changes them.
 */
export function CustomerForm({
  value,
  onChange,
  onSave,
  onCancel,
  saving,
}: {
  value: CustomerFormValues;
  onChange: (next: CustomerFormValues) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation('customers');
  const isNew = !value._id;
  const text = (field: TextField) => ({
    value: (value[field] as string | null | undefined) ?? '',
    onChange: (event: { currentTarget: { value: string } }) => onChange({ ...value, [field]: event.currentTarget.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSave();
  };
  const honorific = isHonorific(value.honorific) ? value.honorific : 'Mr';

  return (
    <HouseholdSection title={isNew ? t('customer.newTitle') : t('customer.editTitle')} onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t('customer.honorific')}
          data={HONORIFICS.map((h) => ({ value: h, label: t(`customer.honorifics.${h}`) }))}
          value={honorific}
          onChange={(next) => onChange({ ...value, honorific: next ?? 'Mr' })}
          allowDeselect={false}
        />
        <TextInput label={t('customer.firstName')} autoComplete="off" {...text('firstName')} />
        <TextInput label={t('customer.lastName')} autoComplete="off" {...text('lastName')} />
      </SimpleGrid>
      <TextInput label={t('customer.business')} autoComplete="off" {...text('business')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('customer.mobilePhone')} type="tel" inputMode="tel" autoComplete="off" {...text('mobilePhone')} />
        <TextInput label={t('customer.primaryPhone')} description={t('customer.primaryPhoneHint')} type="tel" inputMode="tel" autoComplete="off" {...text('primaryPhone')} />
        <TextInput label={t('customer.homePhone')} type="tel" inputMode="tel" autoComplete="off" {...text('homePhone')} />
        <TextInput label={t('customer.workPhone')} type="tel" inputMode="tel" autoComplete="off" {...text('workPhone')} />
      </SimpleGrid>
      <TextInput label={t('customer.email')} type="email" inputMode="email" autoComplete="off" {...text('email')} />
      <Checkbox
        label={t('customer.permissionToText')}
        checked={Boolean(value.permissionToText)}
        onChange={(event) => onChange({ ...value, permissionToText: event.currentTarget.checked })}
      />
      {isNew && (
        <Checkbox
          label={t('customer.namesNotMandatory')}
          checked={Boolean(value.namesNotMandatory)}
          onChange={(event) => onChange({ ...value, namesNotMandatory: event.currentTarget.checked })}
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
