import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, regionOptions, type Country } from '@servicebay/domain';

export interface RegionValue {
  country: Country;
  /** A code on the country's list, or '' for none. */
  state: string;
}

/**
 * An address's country and its state or province, picked from the country's list (searchable,
 * named in the user's language). Changing the country clears a state that is not on its list.
 */
export function RegionFields({ value, onChange, required }: { value: RegionValue; onChange: (next: RegionValue) => void; required?: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language?.startsWith('fr') ? 'fr' : 'en';
  const options = regionOptions(value.country, language);
  return (
    <>
      <Select
        label={t('store.country')}
        data={COUNTRIES.map((c) => ({ value: c, label: t(`store.countries.${c}`) }))}
        value={value.country}
        allowDeselect={false}
        onChange={(country) => {
          if (!country) return;
          const next = country as Country;
          const keeps = regionOptions(next, language).some((o) => o.value === value.state);
          onChange({ country: next, state: keeps ? value.state : '' });
        }}
      />
      <Select
        label={t(value.country === 'ca' ? 'store.province' : 'store.state')}
        placeholder={t('store.statePlaceholder')}
        data={options}
        value={value.state || null}
        searchable
        clearable={!required}
        required={required}
        nothingFoundMessage={t('store.stateNotFound')}
        onChange={(state) => onChange({ ...value, state: state ?? '' })}
      />
    </>
  );
}
