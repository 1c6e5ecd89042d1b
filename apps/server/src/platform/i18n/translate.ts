import { catalogs } from '@servicebay/locales';
import { isLanguage, type Language } from '@servicebay/domain';

/**
 * Server-side texts (e-mails, texts, pages) from the same catalogs as the web apps.
 * `key` is `namespace:path.to.key`; `{{name}}` placeholders are filled from `vars`.
 * A missing key is a programming error and throws, so a typo fails its test instead of mailing it.
 */
export function translate(language: Language | string, key: string, vars: Record<string, string | number> = {}): string {
  const lang: Language = isLanguage(language) ? language : 'en';
  const [namespace, path] = key.includes(':') ? key.split(':', 2) : ['app', key];
  let node: unknown = (catalogs[lang] as Record<string, unknown>)[namespace!];
  for (const part of path!.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No text for ${key} in ${lang}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
