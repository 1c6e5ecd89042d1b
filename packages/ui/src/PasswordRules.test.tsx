// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { PasswordRules } from './PasswordRules.js';
import { renderWithUi } from './testing/render.js';

afterEach(cleanup);

const met = (container: HTMLElement) =>
  Object.fromEntries([...container.querySelectorAll('[data-rule]')].map((li) => [li.getAttribute('data-rule'), li.getAttribute('data-met')]));

describe('PasswordRules', () => {
  it('follows the strength rule as the password is typed', () => {
    const { container, rerender } = renderWithUi(<PasswordRules password="abc" />);
    expect(met(container)).toEqual({ length: 'false', upper: 'false', lower: 'true', digit: 'false', special: 'false' });
    rerender(<PasswordRules password="Bay-Door7!" />);
    expect(met(container)).toEqual({ length: 'true', upper: 'true', lower: 'true', digit: 'true', special: 'true' });
  });

  it('names the special characters and tells screen readers what is missing, in French too', () => {
    renderWithUi(<PasswordRules password="" />, { language: 'fr' });
    expect(screen.getByText(/Un de ces caractères : !#\$%&/)).toBeTruthy();
    expect(screen.getAllByText('(manquant)')).toHaveLength(5);
  });
});
