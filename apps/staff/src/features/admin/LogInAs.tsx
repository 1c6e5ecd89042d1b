import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GRANTABLE_ROLES, type AdminStore, type GrantableRole } from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { useFinishSignIn } from '../../session/useFinishSignIn.js';
import { hijackStore } from './admin-api.js';

/**
 * Log in as the store (its shared Store account) or as a role of it; the admin's own session is
 * parked. On the admin page (root, partners) and on the account's stores (owners, account managers).
 */
export function LogInAs({ store, wrap = false }: { store: Pick<AdminStore, '_id' | 'name' | 'hasStoreAccount'>; wrap?: boolean }) {
  const { t } = useTranslation(['admin', 'staff']);
  const { api, session } = useServices();
  const alerts = useAlerts();
  const finishSignIn = useFinishSignIn();
  const [role, setRole] = useState<GrantableRole>('StoreManager');
  const hijack = useMutation({
    mutationFn: (as: { asStore: true } | { role: GrantableRole }) => hijackStore(api, store._id, as),
    onSuccess: async (pair) => {
      // Parked like the Store account during worker selection: switch user brings the admin back.
      const state = session.switchToWorker(pair);
      await finishSignIn(state, () => session.returnToStore());
    },
    onError: () => alerts.show({ type: 'danger', strongMessage: t('admin:adminPage.logInFailed'), message: t('admin:common.tryAgain') }),
  });
  return (
    <Group gap="xs" wrap={wrap ? 'wrap' : 'nowrap'}>
      {store.hasStoreAccount && (
        <Button size="xs" loading={hijack.isPending} onClick={() => hijack.mutate({ asStore: true })} aria-label={t('admin:adminPage.logInAsStoreNamed', { name: store.name })}>
          {t('admin:adminPage.logInAsStore')}
        </Button>
      )}
      <Select
        size="xs"
        w={170}
        aria-label={t('admin:adminPage.roleFor', { name: store.name })}
        allowDeselect={false}
        value={role}
        onChange={(v) => v && setRole(v as GrantableRole)}
        data={GRANTABLE_ROLES.map((r) => ({ value: r, label: t(`staff:roles.${r}` as 'staff:roles.Technician') }))}
      />
      <Button size="xs" variant="default" onClick={() => hijack.mutate({ role })} aria-label={t('admin:adminPage.logInAsRoleNamed', { name: store.name })}>
        {t('admin:adminPage.logInAsRole')}
      </Button>
    </Group>
  );
}
