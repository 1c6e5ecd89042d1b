import { Button, Drawer, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The phone's menu: the customer's name, 'Change your password' and 'Logout', from the right. */
export function PortalMenuDrawer({
  opened,
  onClose,
  name,
  onChangePassword,
  onLogout,
}: {
  opened: boolean;
  onClose: () => void;
  name: string;
  onChangePassword: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation('portal');
  const act = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="75%"
      title={t('header.menu')}
      closeButtonProps={{ 'aria-label': t('header.closeMenu') }}
      hiddenFrom="sm"
    >
      <Stack gap="md">
        <Text fw={600}>{name}</Text>
        <Button variant="light" onClick={act(onChangePassword)} justify="flex-start">
          {t('header.changePassword')}
        </Button>
        <Button variant="default" onClick={act(onLogout)} justify="flex-start">
          {t('header.logout')}
        </Button>
      </Stack>
    </Drawer>
  );
}
