import { memo } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A text input of a long form, drawn again only when its own props change: a key typed in one
 * field leaves the others alone (each Mantine input costs a few milliseconds to draw, several
 * times that on a slow tablet). `onValue` gets the field's name and its text; it must be stable
 * (a `useCallback` that updates the latest values), or every input is drawn again anyway.
 */
export const FormTextInput = memo(function FormTextInput({
  field,
  onValue,
  ...props
}: Omit<TextInputProps, 'onChange' | 'value'> & { field: string; value: string; onValue: (field: string, text: string) => void }) {
  return <TextInput {...props} onChange={(event) => onValue(field, event.currentTarget.value)} />;
});
