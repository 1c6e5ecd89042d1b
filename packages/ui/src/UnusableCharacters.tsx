import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  listCharacters,
  unusableCharacters,
  withoutUnusableCharacters,
  type UnusableCharacterField,
} from '@servicebay/domain';

export interface UnusableCharactersPrompt {
  /** The characters the field cannot hold, once each, in order of appearance (none: `[]`). */
  characters: string[];
  /**
   * The prompt naming them ("These characters cannot be used: #, (, space") with a button that
   * removes them all; undefined when there are none. Give it to the field as its `error`, so the
   * field is marked invalid and described by the prompt.
   */
  error: ReactNode | undefined;
  /** For the field's `errorProps`: changes in the prompt (another character typed) are read out. */
  errorProps: { 'aria-live': 'polite' };
}

const errorProps = { 'aria-live': 'polite' } as const;

/**
 * The invalid-character prompt of a typed field (a VIN, a plate, a picture name), following the
 * typing: the same rule the server refuses a save with (`unusableCharacters` in the domain).
 * "Remove them" hands `onRemove` the value without those characters; pressing it leaves the cursor
 * where it was.
 *
 * ```tsx
 * const unusable = useUnusableCharacters('licensePlate', plate, setPlate);
 * <TextInput label="Plate" value={plate} error={unusable.error} errorProps={unusable.errorProps} … />
 * ```
 */
export function useUnusableCharacters(
  field: UnusableCharacterField,
  value: string,
  onRemove: (cleaned: string) => void,
): UnusableCharactersPrompt {
  const { t } = useTranslation('ui');
  const characters = unusableCharacters(field, value);
  if (!characters.length) return { characters, error: undefined, errorProps };
  const words = {
    space: t('unusableCharacters.space'),
    nonBreakingSpace: t('unusableCharacters.nonBreakingSpace'),
    comma: t('unusableCharacters.comma'),
  };
  const count = characters.length;
  const error = (
    <>
      <span data-testid="unusable-characters">
        {t('unusableCharacters.message', { count, characters: listCharacters(characters, words) })}
      </span>{' '}
      <Button
        variant="light"
        color="red"
        size="compact-sm"
        ml={4}
        // The cursor stays in the field being corrected (leaving it would enter a VIN as it is).
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onRemove(withoutUnusableCharacters(field, value))}
      >
        {t('unusableCharacters.remove', { count })}
      </Button>
    </>
  );
  return { characters, error, errorProps };
}
