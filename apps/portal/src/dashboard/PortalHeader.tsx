import { Anchor, Box, Burger, Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Logo, OfflineIcon } from '@servicebay/ui';
import { lazyDialog } from '../lazy-dialog.js';
import type { PortalVariant } from '../variant.js';

// Loaded when the menu button is first pressed: Mantine's Drawer is not needed for the first paint.
const PortalMenuDrawer = lazyDialog(() => import('./PortalMenuDrawer.js').then((m) => m.PortalMenuDrawer));

/**
 * The dashboard's header: logo, the slogan on MyCar, the customer's name (the business on
 * MyFleet), 'Change your password' and 'Logout'. The slogan sits under the row below 992 px. On phones the two links move to a drawer opened
 * by the menu button; the name stays in sight.
 */
export function PortalHeader({
  variant,
  name,
  onChangePassword,
  onLogout,
}: {
  variant: PortalVariant;
  name: string;
  onChangePassword: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation('portal');
  const [menu, { toggle, close }] = useDisclosure(false);
  return (
    <Paper component="header" radius={0} shadow="xs" px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Logo label={t(`brand.${variant}`)} size={32} />
          {variant === 'car' && (
            <Text size="sm" c="dimmed" visibleFrom="md">
              {t('slogan.car')}
            </Text>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <OfflineIcon />
          <Text fw={600} lineClamp={2} lh={1.25} fz={{ base: 'sm', sm: 'md' }} data-testid="portal-customer-name" maw={{ base: 160, sm: 260 }}>
            {name}
          </Text>
          <Group gap="xs" wrap="nowrap" visibleFrom="sm">
            <Anchor component="button" type="button" onClick={onChangePassword} fw={500}>
              {t('header.changePassword')}
            </Anchor>
            <Button variant="default" onClick={onLogout}>
              {t('header.logout')}
            </Button>
          </Group>
          <Box hiddenFrom="sm">
            <Burger opened={menu} onClick={toggle} aria-label={menu ? t('header.closeMenu') : t('header.openMenu')} />
          </Box>
        </Group>
      </Group>
      {variant === 'car' && (
        // Beside the logo on computers; under it on phones and tablets, where the row is full.
        <Text size="xs" c="dimmed" hiddenFrom="md" mt={4}>
          {t('slogan.car')}
        </Text>
      )}
      <PortalMenuDrawer opened={menu} onClose={close} name={name} onChangePassword={onChangePassword} onLogout={onLogout} />
    </Paper>
  );
}
