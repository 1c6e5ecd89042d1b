// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import type { UnusableCharacterField } from '@servicebay/domain';
import { useUnusableCharacters } from './UnusableCharacters.js';
import { renderWithUi } from './testing/render.js';

afterEach(cleanup);

/** A field as the apps write one: the prompt is its error. */
function Field({ field, label, initial = '' }: { field: UnusableCharacterField; label: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  const unusable = useUnusableCharacters(field, value, setValue);
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      error={unusable.error}
      errorProps={unusable.errorProps}
    />
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const prompt = () => screen.queryByTestId('unusable-characters')?.textContent ?? null;

describe('the invalid-character prompt', () => {
  it('names the characters a VIN cannot hold as they are typed, a space as a word, and removes them in one tap', () => {
    renderWithUi(<Field field="vin" label="VIN" />);
    const input = screen.getByRole('textbox', { name: 'VIN' });
    type('VIN', '1HGCM82633A004352');
    expect(prompt()).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();

    type('VIN', '1HGCM 82633A#004352');
    expect(prompt()).toBe('These characters cannot be used: space, #');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The field is described by the prompt, and the prompt's changes are read out.
    const described = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(described.textContent).toContain('These characters cannot be used: space, #');
    expect(described.getAttribute('aria-live')).toBe('polite');

    // Pressing the button does not take the cursor out of the field.
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Remove them' }))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove them' }));
    expect(input).toHaveProperty('value', '1HGCM82633A004352');
    expect(prompt()).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('speaks of one character in the singular; a plate takes spaces and hyphens', () => {
    renderWithUi(<Field field="licensePlate" label="Plate" initial="ABC-123 #" />);
    expect(prompt()).toBe('This character cannot be used: #');
    fireEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    expect(screen.getByRole('textbox', { name: 'Plate' })).toHaveProperty('value', 'ABC-123 ');
    expect(prompt()).toBeNull();
    type('Plate', 'AB,C(1)');
    expect(prompt()).toBe('These characters cannot be used: comma, (, )');
  });

  it('follows the picture-name rule: characters no file name holds', () => {
    renderWithUi(<Field field="pictureName" label="Name" initial="Pneu #2 (avant).jpg" />);
    expect(prompt()).toBeNull();
    type('Name', 'front: left?.jpg');
    expect(prompt()).toBe('These characters cannot be used: :, ?');
    fireEvent.click(screen.getByRole('button', { name: 'Remove them' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'front left.jpg');
  });

  it('speaks French, with its spacing before the colon', () => {
    renderWithUi(<Field field="vin" label="NIV" initial="1HGCM 82633A#004352" />, { language: 'fr' });
    expect(prompt()).toBe('Ces caractères ne peuvent pas être utilisés : espace, #');
    expect(screen.getByRole('button', { name: 'Les retirer' })).toBeTruthy();
    type('NIV', '1HGCM82633A#004352');
    expect(prompt()).toBe('Ce caractère ne peut pas être utilisé : #');
    expect(screen.getByRole('button', { name: 'Le retirer' })).toBeTruthy();
  });
});
