import { memo, useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { suggestJobs, type CannedJob } from '@servicebay/domain';

type Option = { value: string; label: string };

/**
 * A pick among the store's canned jobs (docs/estimates.md "Canned jobs"): those matching the text
 * `describe` gives (a line's description) first, under "Suggested for this line", the others by
 * name. The options are worked out when it opens, so typing elsewhere in the line never redraws
 * it. It always shows its placeholder: a pick is an action, not a value kept.
 */
export const JobPicker = memo(function JobPicker({
  jobs,
  label,
  showLabel = false,
  placeholder,
  describe,
  onPick,
  disabled,
  testId,
}: {
  jobs: readonly CannedJob[];
  label: string;
  /** A visible label (the add box); otherwise the label names the field for screen readers only. */
  showLabel?: boolean;
  placeholder: string;
  describe: () => string;
  onPick: (job: CannedJob) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('estimates');
  const [data, setData] = useState<Array<Option | { group: string; items: Option[] }>>([]);
  const [search, setSearch] = useState('');
  const open = () => {
    const { suggested, others } = suggestJobs(jobs, describe());
    const items = (list: readonly CannedJob[]) => list.map((j) => ({ value: j._id, label: j.name }));
    // Grouped only when something is suggested; otherwise the jobs by name.
    setData(
      suggested.length
        ? [{ group: t('jobs.suggested'), items: items(suggested) }, ...(others.length ? [{ group: t('jobs.others'), items: items(others) }] : [])]
        : items(others),
    );
  };
  return (
    <Select
      {...(showLabel ? { label } : { 'aria-label': label })}
      placeholder={placeholder}
      data={data}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={t('jobs.nothingFound')}
      onDropdownOpen={open}
      disabled={disabled}
      onChange={(id) => {
        const job = jobs.find((j) => j._id === id);
        setSearch('');
        if (job) onPick(job);
      }}
      data-testid={testId}
      comboboxProps={{ width: 280, position: 'bottom-end' }}
    />
  );
});
