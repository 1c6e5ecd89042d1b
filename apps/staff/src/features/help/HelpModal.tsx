import { Anchor, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { needsTraining, STAFF_PATHS } from '@servicebay/domain';
import { PageHeader } from '../../kit/PageHeader.js';
import { routerPath } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';

/** Digits only, for a tel: link ('(514) 555-0100' → '5145550100'). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * What help offers: the store's support phone and e-mail
 * (the store's own phoneNo and email) and the way to the training.
 */
export function HelpContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('staff');
  const { user, store } = useSignedIn();
  // Until the mandatory training is done, education leads there anyway: offer the training only.
  const untrained = needsTraining(user);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="help-support">
        <Title order={2} size="h4" id="help-support" mb="xs">
          {store ? t('helpModal.supportOf', { name: store.name }) : t('helpModal.support')}
        </Title>
        {!store ? (
          <Text>{t('helpModal.noStore')}</Text>
        ) : !store.phoneNo && !store.email ? (
          <Text>{t('helpModal.noContact')}</Text>
        ) : (
          <Stack gap={4}>
            {store.phoneNo && (
              <Text data-help="phone">
                {t('helpModal.call')}{' '}
                <Anchor href={telHref(store.phoneNo)} fw={600}>
                  {store.phoneNo}
                </Anchor>
              </Text>
            )}
            {store.email && (
              <Text data-help="email">
                {t('helpModal.write')}{' '}
                <Anchor href={`mailto:${store.email}`} fw={600}>
                  {store.email}
                </Anchor>
              </Text>
            )}
          </Stack>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="help-training">
        <Title order={2} size="h4" id="help-training" mb="xs">
          {t('helpModal.learn')}
        </Title>
        <Text mb="sm">{t('helpModal.learnText')}</Text>
        <Group gap="sm">
          <Button component={Link} to={routerPath(STAFF_PATHS.training)!} onClick={onNavigate}>
            {t('helpModal.training')}
          </Button>
          {!untrained && (
            <Button component={Link} variant="default" to={routerPath(STAFF_PATHS.education)!} onClick={onNavigate}>
              {t('helpModal.education')}
            </Button>
          )}
        </Group>
      </Paper>
    </Stack>
  );
}

export function HelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['staff', 'ui']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('staff:helpModal.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <HelpContent onNavigate={onClose} />
    </Modal>
  );
}

/** /app/help: the same help as a page, for a link or a bookmark. */
export function HelpPage() {
  const { t } = useTranslation('staff');
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={t('helpModal.title')} purpose={t('helpModal.purpose')} />
      <HelpContent />
    </Stack>
  );
}
