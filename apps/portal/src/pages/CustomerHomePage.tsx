import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { getUserRoute } from '@servicebay/domain';
import { Logo, OfflineIcon } from '@servicebay/ui';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../context.js';
import type { PortalVariant } from '../variant.js';
import { FleetList } from '../fleet/FleetList.js';
import { defaultFleetVehicle } from '../fleet/fleet.js';
import { ProfileWidget } from '../vehicles/ProfileWidget.js';
import { portalVehiclesQuery } from '../vehicles/vehicles-query.js';
import { customerHome, forgetCustomerEmail, loginPath } from './portal-session.js';

/**
 * /my-car/user/{customerId} and /my-fleet/user/{customerId}, behind the portal guard: the signed-in
 * customer's page. It greets the customer and offers sign-out, and shows the profile widget (car)
 * or the fleet list (fleet) for the vehicle it keeps selected (the first one to begin with).
 */
export function CustomerHomePage({ variant }: { variant: PortalVariant }) {
  const { t } = useTranslation('portal');
  const { api, session } = useServices();
  const navigate = useNavigate();
  const state = useStore(session.state);
  const { customerId } = useParams();
  const userId = state?.claims.id ?? '';
  const user = useQuery({
    queryKey: ['portal-user', userId],
    queryFn: ({ signal }) => api.call(getUserRoute, { params: { userRef: userId }, signal }),
    enabled: userId !== '',
  });
  const own = state?.claims.customerId;
  const vehicles = useQuery({ ...portalVehiclesQuery(api, own ?? ''), enabled: Boolean(own) && customerId === own });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = vehicles.data?.vehicles ?? [];
  // A fleet opens on the top of its list (fleet number ascending); a household on its first car.
  const vehicle = list.find((v) => v._id === selectedId) ?? (variant === 'fleet' ? defaultFleetVehicle(list) : list[0]) ?? null;
  const brand = t(`brand.${variant}`);
  useDocumentTitle(`${t('home.title')} · ${brand}`);

  // A customer sees only its own page: another id in the address leads back to its own.
  if (own && customerId !== own) return <Navigate to={customerHome(variant, own)} replace />;

  const name = user.data ? [user.data.firstName, user.data.lastName].filter(Boolean).join(' ') || user.data.username : '';
  const signOut = async () => {
    await session.logout('signedOut');
    session.takeEndReason();
    forgetCustomerEmail();
    void navigate(loginPath(variant), { replace: true });
  };

  return (
    <Stack gap={0} mih="100dvh" bg="var(--sb-color-page)">
      <Paper component="header" radius={0} shadow="xs" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Logo label={brand} />
          <Group gap="sm" wrap="nowrap">
            <OfflineIcon />
            {name && (
              <Text fw={600} data-testid="portal-customer-name" visibleFrom="xs">
                {name}
              </Text>
            )}
            <Button variant="default" onClick={() => void signOut()}>
              {t('home.logout')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <Container component="main" size="sm" w="100%" py="xl" px="md">
        <Paper withBorder radius="lg" p={{ base: 'md', xs: 'lg' }}>
          <Stack gap="sm">
            <Title order={1} size="h2">
              {user.data ? t('home.greeting', { name }) : t('home.title')}
            </Title>
            {user.isPending && <Text role="status">{t('home.loading')}</Text>}
            {user.isError && <Text role="alert">{t('login.unavailable')}</Text>}
            {user.data && <Text c="dimmed">{t('home.signedInAs', { email: user.data.username })}</Text>}
          </Stack>
        </Paper>
        {vehicles.data && own && (
          <Stack mt="md">
            {variant === 'fleet' ? (
              <FleetList variant={variant} customerId={own} vehicles={list} vehicle={vehicle} selectVehicle={setSelectedId} />
            ) : (
              <ProfileWidget variant={variant} customerId={own} vehicles={list} vehicle={vehicle} selectVehicle={setSelectedId} />
            )}
          </Stack>
        )}
      </Container>
    </Stack>
  );
}
