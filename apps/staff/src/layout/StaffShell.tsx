import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Anchor, AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { displayedRole, navigationMenu, STAFF_PATHS, type MenuEntry } from '@servicebay/domain';
import { AccentBar, Logo, OfflineIcon } from '@servicebay/ui';
import { useServices } from '../context.js';
import { GoToAdminModal } from './GoToAdminModal.js';
import { HelpModal } from '../features/help/HelpModal.js';
import { useApprovalNotices } from '../features/dashboard/useApprovalNotices.js';
import { forgetDevice, NotificationBanner, NotificationsModal, useNotifications, usePushDevice } from '../features/notifications/index.js';
import { ChatProvider } from '../features/texting/ChatProvider.js';
import { ShopChatProvider } from '../features/shop-chat/ShopChatProvider.js';
import { routerPath } from '../paths.js';
import { useSignedIn } from '../session/signed-in.js';
import { signOut } from '../session/sso.js';
import { MenuIcon, SignOutIcon } from './menu-icons.js';
import { UserMenu } from './UserMenu.js';

const MAIN_ID = 'main-content';
/**
 * Under this width (tablets in portrait, phones) the menu folds into the header's burger and the
 * page takes the whole width; Mantine's `md` (62em, 992 px): a tablet in landscape keeps the side bar.
 */
const FOLD_BELOW = 'md';

/** The router location an entry leads to, and whether it is the page shown. */
function entryTarget(entry: MenuEntry) {
  if (!entry.to) return null;
  const path = routerPath(entry.to) ?? entry.to;
  return { path, pathname: path.split('?')[0] };
}

/**
 * The frame of every signed-in page (tablet-first): a header with the user menu (name, displayed
 * role; the display language), offline icon and sign out; the role's menu in a side bar that, on a
 * tablet in portrait or a phone, folds into the header's labelled burger. The burger opens the menu
 * over the page with the focus on its first entry; an entry, Escape or the burger closes it (Escape
 * gives the focus back to the burger). A folded menu is hidden from the keyboard and screen readers.
 * The store's live notices (a customer's approval) show at the top right of every page, and the
 * store's texts stay live for the chat (`ChatProvider`).
 */
export function StaffShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['staff', 'app', 'notifications']);
  const { api, session } = useServices();
  const { user, store, claims } = useSignedIn();
  const location = useLocation();
  const storeId = store?._id ?? claims.storeId ?? user.storeId ?? null;
  useApprovalNotices(storeId);
  usePushDevice(user._id);
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [adminOpen, setAdminOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const navbarRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The burger shows only while the menu is folded: opened from there, the menu takes the focus.
    if (opened) navbarRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [opened]);
  const closeMenuByKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !opened) return;
    close();
    burgerRef.current?.focus();
  };

  const onDashboard = location.pathname === routerPath(STAFF_PATHS.dashboard);
  const menu = navigationMenu(user, store, { systemNotifications: onDashboard });
  // System notifications: the menu's entry (with the unread count) and the banner, on the dashboard only.
  const hasNotifications = menu.some((entry) => entry.id === 'notifications');
  const notices = useNotifications(user._id, hasNotifications);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const unread = notices.data?.unread ?? 0;
  const role = displayedRole(user, user.type);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;

  const signOutNow = async () => {
    await forgetDevice(api, user._id);
    if ((await signOut(session)) === 'done') void navigate('/login', { replace: true });
  };
  const switchUser = async () => {
    // On the shop's shared tablet the Store account comes back to its worker list; elsewhere
    // switching user means signing out so the next person signs in.
    if (session.hasParkedSession()) await forgetDevice(api, user._id);
    if (await session.returnToStore()) void navigate(routerPath(STAFF_PATHS.workers)!, { replace: true });
    else await signOutNow();
  };
  const run = (entry: MenuEntry) => {
    close();
    if (entry.action === 'signOut') void signOutNow();
    else if (entry.action === 'switchUser') void switchUser();
    else if (entry.action === 'goToAdmin') setAdminOpen(true);
    else if (entry.action === 'help') setHelpOpen(true);
    else if (entry.action === 'notifications') setNotificationsOpen(true);
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: FOLD_BELOW, collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      {/* Keyboard users reach the page without tabbing through the whole menu (WCAG 2.4.1). */}
      <Anchor href={`#${MAIN_ID}`} className="skip-link">
        {t('staff:shell.skipToContent')}
      </Anchor>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              ref={burgerRef}
              onClick={toggle}
              hiddenFrom={FOLD_BELOW}
              size="sm"
              aria-label={opened ? t('staff:shell.closeNavigation') : t('staff:shell.openNavigation')}
              aria-expanded={opened}
              aria-controls="staff-navigation"
            />
            <Logo size={30} />
          </Group>
          <Group gap="md" wrap="nowrap">
            <OfflineIcon />
            <UserMenu name={name} role={t(`staff:roles.${role}`)} />
            <Button variant="default" leftSection={<SignOutIcon />} onClick={() => void signOutNow()} visibleFrom="xs">
              {t('staff:menu.signOut')}
            </Button>
          </Group>
        </Group>
        <AccentBar pos="absolute" left={0} right={0} bottom={0} />
      </AppShell.Header>
      <AppShell.Navbar
        p="sm"
        id="staff-navigation"
        component="nav"
        aria-label={t('staff:shell.navigation')}
        ref={navbarRef}
        className="staff-navbar"
        data-folded={!opened || undefined}
        onKeyDown={closeMenuByKey}
      >
        <ScrollArea type="auto" style={{ flex: 1 }}>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {menu.map((entry) => {
              const target = entryTarget(entry);
              const label = t(`staff:menu.${entry.id}`);
              const icon = <MenuIcon id={entry.id} />;
              if (target) {
                const active = location.pathname === target.pathname;
                return (
                  <li key={entry.id}>
                    <NavLink
                      component={Link}
                      to={target.path}
                      label={label}
                      leftSection={icon}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                      onClick={close}
                      data-menu-entry={entry.id}
                    />
                  </li>
                );
              }
              return (
                <li key={entry.id}>
                  <NavLink
                    component="button"
                    type="button"
                    label={label}
                    leftSection={icon}
                    onClick={() => run(entry)}
                    data-menu-entry={entry.id}
                    {...(entry.id === 'notifications' && unread > 0
                      ? {
                          'aria-label': t('notifications:menuLabel', { count: unread }),
                          rightSection: (
                            <Badge size="sm" circle={unread < 10} color="red" aria-hidden="true" data-testid="notifications-badge">
                              {unread}
                            </Badge>
                          ),
                        }
                      : {})}
                  />
                </li>
              );
            })}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {hasNotifications && <NotificationBanner userId={user._id} query={notices} onShowAll={() => setNotificationsOpen(true)} />}
        {/* Customer texting, live from sign-in to sign-out for a store's workers (the shop's shared Store account does not text). */}
        <ChatProvider storeId={user.type === 'Store' ? null : storeId}>
          {/* The shop chat: every role but the Store account, in a store that has it on. */}
          <ShopChatProvider storeId={user.type !== 'Store' && store?.internalChatEnabled ? storeId : null} userId={user._id}>
            {children}
          </ShopChatProvider>
        </ChatProvider>
      </AppShell.Main>
      <GoToAdminModal opened={adminOpen} onClose={() => setAdminOpen(false)} />
      <HelpModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
      <NotificationsModal opened={notificationsOpen && hasNotifications} onClose={() => setNotificationsOpen(false)} userId={user._id} query={notices} />
      {/* Under the header (64 px), above the page; inside the router, so a notice's link works. */}
      <Notifications position="top-right" zIndex={300} containerWidth={380} className="staff-notifications" />
    </AppShell>
  );
}
