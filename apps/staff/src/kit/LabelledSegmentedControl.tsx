import { useId, type ReactNode } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';

export interface LabelledSegmentedControlProps<V extends string> {
  /** The visible label, which also names the control for assistive technology. */
  label: string;
  value: V;
  onChange: (value: V) => void;
  data: { value: V; label: string }[];
  fullWidth?: boolean;
  /** Between the label and the control, e.g. the current state. */
  description?: ReactNode;
  /** Under the control, e.g. a hint or the field the choice opens. */
  children?: ReactNode;
}

/** A segmented choice under its own label (a SegmentedControl has no label of its own). */
export function LabelledSegmentedControl<V extends string>({ label, value, onChange, data, fullWidth, description, children }: LabelledSegmentedControlProps<V>) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text component="span" size="sm" fw={500} id={id}>
        {label}
      </Text>
      {description}
      <SegmentedControl aria-labelledby={id} value={value} onChange={(v) => onChange(v as V)} data={data} fullWidth={fullWidth} />
      {children}
    </Stack>
  );
}
