import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.js';

describe('linkify', () => {
  it('turns http(s) addresses into links and keeps the text around them', () => {
    expect(
      linkify('Choose a password: https://shop.example/app/reset/password?token=abc-123.\nThanks'),
    ).toEqual([
      { kind: 'text', text: 'Choose a password: ' },
      {
        kind: 'link',
        text: 'https://shop.example/app/reset/password?token=abc-123',
        href: 'https://shop.example/app/reset/password?token=abc-123',
      },
      { kind: 'text', text: '.\nThanks' },
    ]);
    expect(linkify('(see http://127.0.0.1:8080/report/1?t=x) and http://a.test')).toEqual([
      { kind: 'text', text: '(see ' },
      {
        kind: 'link',
        text: 'http://127.0.0.1:8080/report/1?t=x',
        href: 'http://127.0.0.1:8080/report/1?t=x',
      },
      { kind: 'text', text: ') and ' },
      { kind: 'link', text: 'http://a.test', href: 'http://a.test' },
    ]);
  });

  it('leaves other schemes and plain text as text', () => {
    expect(linkify('javascript:alert(1) data:text/html,<b>x</b> ftp://files.test')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,<b>x</b> ftp://files.test' },
    ]);
    expect(linkify('')).toEqual([]);
    expect(linkify('Your car is ready')).toEqual([{ kind: 'text', text: 'Your car is ready' }]);
  });
});
