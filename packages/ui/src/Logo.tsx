import { Group, Text, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface LogoProps extends GroupProps {
  /** The word beside the mark; defaults to the product name. Already translated. */
  label?: string;
  size?: number;
}

/** The ServiceBay mark (a bay door over a check) with a word beside it, in the theme's primary colour. */
export function Logo({ label, size = 36, ...props }: LogoProps) {
  const { t } = useTranslation('app');
  return (
    <Group gap="xs" wrap="nowrap" {...props}>
      <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <rect x="2" y="2" width="44" height="44" rx="12" fill="var(--mantine-primary-color-filled)" />
        <path d="M10 20 L24 11 L38 20" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M13 24h22M13 29h22M13 34h22" stroke="var(--mantine-primary-color-2)" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M18 31.5l4.5 4.5 9-10" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <Text component="span" fw={800} fz={size * 0.6} lh={1} c="var(--sb-color-brand-text)">
        {label ?? t('name')}
      </Text>
    </Group>
  );
}
