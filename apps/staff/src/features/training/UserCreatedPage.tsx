import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { homeRoute, HomeRouteError, STAFF_PATHS } from '@servicebay/domain';
import { PageHeader } from '../../kit/PageHeader.js';
import { useSignedIn } from '../../session/signed-in.js';
import { useGoTo } from '../../session/useFinishSignIn.js';

/** /app/user/created (a new user with training): a welcome that leads to the training. */
export function UserCreatedPage() {
  const { t } = useTranslation(['training', 'staff']);
  const { user, store } = useSignedIn();
  const goTo = useGoTo();
  const home = () => {
    try {
      return homeRoute(user, store);
    } catch (error) {
      if (error instanceof HomeRouteError) return null;
      throw error;
    }
  };
  const destination = home();
  return (
    <Stack gap="lg" data-page="userCreated">
      <PageHeader title={t('staff:pages.userCreated.title')} />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Text fw={600} size="lg">
            {t('userCreated.greeting', { name: user.firstName || user.username })}
          </Text>
          <Text>{t('userCreated.intro')}</Text>
          <Group>
            <Button size="md" onClick={() => goTo(STAFF_PATHS.training)}>
              {t('userCreated.start')}
            </Button>
            {user.mandatoryTrainingComplete && destination && destination !== STAFF_PATHS.userCreated && (
              <Button size="md" variant="default" onClick={() => goTo(destination)}>
                {t('userCreated.home')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
