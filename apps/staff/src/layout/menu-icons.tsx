import type { ReactNode } from 'react';
import { Icon } from '@servicebay/ui';
import type { MenuEntryId } from '@servicebay/domain';

/** Inline icons of the menu, decorative: the entry's text names it (nothing fetched, CSP-safe). */
const PATHS: Record<MenuEntryId, ReactNode> = {
  dashboard: <path d="M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z" />,
  vehiclesInShop: <path d="M5 17h14M6 17l1.5-5h9L18 17M7 17v2M17 17v2M8 12l1-3h6l1 3M8.5 14.5h.01M15.5 14.5h.01" />,
  accountStores: <path d="M3 21h18M5 21V8l7-5 7 5v13M9 21v-6h6v6" />,
  setupWizard: <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6" />,
  analytics: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  advancedSearch: <path d="M10.5 17a6.5 6.5 0 100-13 6.5 6.5 0 000 13zM20 20l-4.7-4.7" />,
  education: <path d="M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5" />,
  training: <path d="M4 19V5a2 2 0 012-2h12v16H6a2 2 0 00-2 2zM8 7h6M8 11h6" />,
  admin: <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4" />,
  payments: <path d="M3 6h18v12H3zM3 10h18M7 15h3" />,
  switchUser: <path d="M16 3l4 4-4 4M20 7H9M8 21l-4-4 4-4M4 17h11" />,
  notifications: <path d="M6 16V11a6 6 0 1112 0v5l2 2H4zM10 20a2 2 0 004 0" />,
  help: <path d="M12 21a9 9 0 100-18 9 9 0 000 18zM9.5 9a2.5 2.5 0 114 2c-1 .7-1.5 1.2-1.5 2.5M12 17h.01" />,
  signOut: <path d="M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3M10 17l-5-5 5-5M5 12h11" />,
};

export function MenuIcon({ id }: { id: MenuEntryId }) {
  return <Icon>{PATHS[id]}</Icon>;
}

export function SignOutIcon() {
  return <MenuIcon id="signOut" />;
}
