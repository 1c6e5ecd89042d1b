export { createI18n, languageFileUrl, type AppI18n, type BundledCatalogs, type CatalogSource, type I18nEnvironment } from './setup.js';
export {
  LANGUAGE_STORAGE_KEY,
  LOGIN_CHOICE_STORAGE_KEY,
  loginLanguage,
  readStoredLanguage,
  storeLanguage,
  type LanguageStorage,
} from './language.js';
