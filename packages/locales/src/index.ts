import enApp from './en/app.json' with { type: 'json' };
import frApp from './fr/app.json' with { type: 'json' };

/**
 * The en and fr catalogs, one JSON file per namespace and language. en is the reference:
 * fr must hold every key en holds (checked by catalogs.test.ts).
 */
export const en = {
  app: enApp,
};

export type Catalog = typeof en;

export const fr: Catalog = {
  app: frApp,
};

export const catalogs = { en, fr } as const;
export type CatalogLanguage = keyof typeof catalogs;
