import { Anchor, Box, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PortalStore } from '@servicebay/domain';

/**
 * The dashboard's footer: the shop (its franchise under it when it has one), phone and address,
 * the help box 'Call: phone', and the selected vehicle's next maintenance mileage when known.
 */
export function PortalFooter({ store, nextMaintenanceMileage }: { store: PortalStore; nextMaintenanceMileage: number | null }) {
  const { t, i18n } = useTranslation('portal');
  const phoneLink = store.phoneNo ? `tel:${store.phoneNo.replace(/[^\d+]/g, '')}` : null;
  return (
    <Box component="footer" bg="var(--mantine-color-body)" py="lg" mt="auto" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl" px="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={4}>
            <Title order={2} size="h5">
              {store.name}
            </Title>
            {store.franchiseName && store.franchiseName !== store.name && <Text size="sm">{store.franchiseName}</Text>}
            {store.phoneNo && <Text size="sm">{store.phoneNo}</Text>}
            {store.address && <Text size="sm">{store.address}</Text>}
            {nextMaintenanceMileage !== null && (
              <Text size="sm" fw={500} data-testid="next-maintenance">
                {t('footer.nextMaintenance', { mileage: nextMaintenanceMileage.toLocaleString(i18n.resolvedLanguage) })}
              </Text>
            )}
          </Stack>
          {phoneLink && (
            <Paper withBorder radius="md" p="md" style={{ alignSelf: 'start' }}>
              <Stack gap={4}>
                <Text size="sm">{t('footer.help')}</Text>
                <Anchor href={phoneLink} fw={600}>
                  {t('footer.call', { phone: store.phoneNo })}
                </Anchor>
              </Stack>
            </Paper>
          )}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
