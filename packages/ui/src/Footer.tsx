import { Box, Text, type BoxProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Copyright with the current year, and the tagline. */
export function Footer(props: BoxProps) {
  const { t } = useTranslation(['ui', 'app']);
  const year = new Date().getFullYear();
  return (
    <Box component="footer" py="md" px="md" {...props}>
      <Text size="sm" c="dimmed" ta="center">
        {t('ui:footer.copyright', { year, name: t('app:name') })}
        {' · '}
        {t('app:tagline')}
      </Text>
    </Box>
  );
}
