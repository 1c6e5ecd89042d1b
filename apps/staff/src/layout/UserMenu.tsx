import { useId, useState } from 'react';
import { Box, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@servicebay/domain';
import { Icon, LanguageSelector } from '@servicebay/ui';
import { useSignedIn } from '../session/signed-in.js';
import { useSwitchUserLanguage } from '../session/useSwitchUserLanguage.js';

const ChevronDownIcon = () => (
  <Icon size={16}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

/**
 * The signed-in user's name and displayed role in the header; pressed, it opens the user's
 * settings: the display language (English / Français), which switches at once and is saved as
 * the user's language.
 */
export function UserMenu({ name, role }: { name: string; role: string }) {
  const { t, i18n } = useTranslation('staff');
  const { user } = useSignedIn();
  const switchLanguage = useSwitchUserLanguage();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <UnstyledButton onClick={() => setOpened((o) => !o)} data-testid="user-menu" px={6} py={2} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Group gap={6} wrap="nowrap">
            <Box ta="right" data-testid="signed-in-user">
              <Text fw={600} lh={1.2} truncate maw={220}>
                {name}
              </Text>
              <Text size="sm" c="dimmed" lh={1.2}>
                {role}
              </Text>
            </Box>
            <ChevronDownIcon />
          </Group>
        </UnstyledButton>
      </Popover.Target>
      {/* Named by its own title rather than by the button that opens it. */}
      <Popover.Dropdown aria-labelledby={titleId}>
        <Stack gap="sm">
          <Text id={titleId} fw={600}>
            {t('shell.userMenu')}
          </Text>
          <LanguageSelector value={language} onChange={(next) => void switchLanguage(user.id, next)} size="sm" />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
