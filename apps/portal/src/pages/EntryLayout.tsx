import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@servicebay/domain';
import { LanguageSelector, Logo, OfflineIcon } from '@servicebay/ui';
import { useServices } from '../context.js';
import type { PortalVariant } from '../variant.js';
import { Slideshow } from './Slideshow.js';
import classes from './LoginPage.module.css';

/** The frame of the portal's entry pages: slideshow, logo, slogan, banner, a form, the language. */
export function EntryLayout({ variant, children }: { variant: PortalVariant; children: ReactNode }) {
  const { t, i18n } = useTranslation('portal');
  const services = useServices();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className={classes.page}>
      <Slideshow />
      <main className={classes.column}>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo label={t(`brand.${variant}`)} />
            <OfflineIcon />
          </Group>
          <Stack gap="xs">
            <Text fw={600} c="bay.8">
              {t(`slogan.${variant}`)}
            </Text>
            <Title order={1} size="h2" className={classes.banner} data-testid="portal-banner">
              {t(`banner.${variant}`)}
            </Title>
            {variant === 'car' && <Text c="dimmed">{t('tagline.car')}</Text>}
          </Stack>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'lg' }}>
            {children}
          </Paper>
          <LanguageSelector value={language} onChange={(next) => void services.i18n.chooseLoginLanguage(next)} />
        </Stack>
      </main>
    </div>
  );
}
