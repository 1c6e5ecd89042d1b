import { useState } from 'react';
import type { BundledCatalogs } from '@servicebay/web-core';
import { useServices } from './context.js';

/**
 * The texts a page brings in its own chunk (the entry holds only what every page draws), added
 * before the page's first render reads them. A phone opening the login downloads neither the
 * report's nor the dashboard's texts.
 */
export function usePageTexts(catalogs: BundledCatalogs): void {
  const { i18n } = useServices();
  // Once per mount, during the first render: the children read the texts in the same render.
  useState(() => i18n.addBundled(catalogs));
}
