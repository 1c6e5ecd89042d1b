import { describe, expect, it } from 'vitest';
import { EMAIL_LIST_MAX, emailListMessage, parseEmailList } from './email-list.js';

describe('e-mail lists', () => {
  it('splits on commas and semicolons, trims, skips blanks and repeats', () => {
    expect(parseEmailList(' ada@example.com; bob@example.org ,ADA@example.com,, ;')).toEqual({
      ok: true,
      emails: ['ada@example.com', 'bob@example.org'],
    });
    expect(parseEmailList('')).toEqual({ ok: true, emails: [] });
    expect(parseEmailList('solo@example.com')).toEqual({ ok: true, emails: ['solo@example.com'] });
  });

  it('is valid only when every address is, naming the first one that is not', () => {
    const refused = parseEmailList('ada@example.com, bob@, carl@example.com');
    expect(refused).toEqual({ ok: false, problem: 'invalid', invalid: 'bob@' });
    expect(emailListMessage('customerEmail', refused as Exclude<typeof refused, { ok: true }>)).toBe('customerEmail: bob@ is not an e-mail address');
    expect(parseEmailList('ada@example.com bob@example.com')).toMatchObject({ ok: false, invalid: 'ada@example.com bob@example.com' });
  });

  it('refuses more addresses than a field may list', () => {
    const many = Array.from({ length: EMAIL_LIST_MAX + 1 }, (_, i) => `p${i}@example.com`).join(',');
    expect(parseEmailList(many)).toEqual({ ok: false, problem: 'tooMany' });
  });
});
