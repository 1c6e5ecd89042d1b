/// <reference types="i18next" />

/**
 * The en and fr catalogs, one JSON file per namespace and language. en is the reference:
 * fr must hold every key en holds (checked by catalogs.test.ts).
 *
 * A namespace is added as src/en/<ns>.json + src/fr/<ns>.json and one entry in the
 * objects of en.ts and fr.ts (each language a module of its own, so an app can load only the one in use);
 * the server serves the whole catalog of a language at /i18n/{lng}.i18n.json.
 */
import { en, type Catalog } from './en.js';
import { fr } from './fr.js';

export { en, fr, type Catalog };

export const catalogs = { en, fr } as const;
export type CatalogLanguage = keyof typeof catalogs;
export type Namespace = keyof Catalog;
export const NAMESPACES = Object.keys(en) as Namespace[];

// Typed keys: t('ui:back') compiles, a misspelt key does not. (The reference above brings
// i18next's types into every program that imports the catalogs, which an augmentation needs.)
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'app';
    resources: Catalog;
  }
}
