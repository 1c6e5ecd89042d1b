import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STAFF_PATHS } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { DataTable } from '../../kit/DataTable.js';
import { LabelledSegmentedControl } from '../../kit/LabelledSegmentedControl.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { routerPath } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';
import { adminAccountsQuery, adminPartnersQuery, adminStoresQuery, devOutboxAvailableQuery, type AdminListFilter } from './admin-api.js';
import { LogInAs } from './LogInAs.js';

type List = 'store' | 'account' | 'partner';

/**
 * /app/admin: root, partner and partner admin find partners, accounts and
 * stores (paged, searchable) and log in as a store, or as a role of it, through the hijack.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const [list, setList] = useState<List>('store');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<{ partnerId?: string; accountId?: string; label?: string }>({});
  useEffect(() => setPage(1), [debounced, list, filter]);

  const show = (next: List, nextFilter: typeof filter = {}) => {
    setList(next);
    setFilter(nextFilter);
    setSearch('');
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('adminPage.title')} purpose={t('adminPage.purpose')} />
      <DevOutboxLink />
      <Group gap="md" align="flex-end" wrap="wrap">
        <LabelledSegmentedControl
          label={t('adminPage.show')}
          value={list}
          onChange={(v) => show(v)}
          data={[
            { value: 'store', label: t('adminPage.stores') },
            { value: 'account', label: t('adminPage.accounts') },
            { value: 'partner', label: t('adminPage.partners') },
          ]}
        />
        <TextInput
          style={{ flex: 1, minWidth: 220 }}
          type="search"
          label={t('adminPage.search')}
          placeholder={t(`adminPage.searchPlaceholder.${list}`)}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </Group>
      {filter.label && (
        <Group gap="xs">
          <Text>{t('adminPage.filteredBy', { name: filter.label })}</Text>
          <Button size="xs" variant="default" onClick={() => setFilter({})}>
            {t('adminPage.clearFilter')}
          </Button>
        </Group>
      )}
      {list === 'store' && <StoreList search={debounced} page={page} setPage={setPage} filter={filter} />}
      {list === 'account' && (
        <AccountList search={debounced} page={page} setPage={setPage} filter={filter} onStores={(id, name) => show('store', { accountId: id, label: name })} />
      )}
      {list === 'partner' && <PartnerList search={debounced} page={page} setPage={setPage} onAccounts={(id, name) => show('account', { partnerId: id, label: name })} />}
    </Stack>
  );
}

/**
 * Root's way to the development outbox, shown only when the server has one: the outbox answers
 * root alone, and 404 with DEV_TOOLS off (always so with NODE_ENV=production).
 */
function DevOutboxLink() {
  const { t } = useTranslation('devOutbox');
  const { api } = useServices();
  const { user } = useSignedIn();
  const isRoot = user.type === 'root';
  const available = useQuery(devOutboxAvailableQuery(api, isRoot));
  if (!isRoot || available.data !== true) return null;
  return (
    <Anchor component={Link} to={routerPath(STAFF_PATHS.devOutbox)!} fw={600} style={{ alignSelf: 'flex-start' }}>
      {t('adminLink')}
    </Anchor>
  );
}

interface ListProps {
  search: string;
  page: number;
  setPage: (page: number) => void;
  filter?: AdminListFilter;
}

function Pager({ page, totalPages, setPage, total }: { page: number; totalPages: number; setPage: (p: number) => void; total: number }) {
  const { t } = useTranslation('admin');
  return (
    <Group justify="space-between">
      <Text size="sm" aria-live="polite">
        {t('adminPage.total', { count: total })}
      </Text>
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`adminPage.pager.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('adminPage.pager.page', { page: p }) })}
        />
      )}
    </Group>
  );
}

function StoreList({ search, page, setPage, filter = {} }: ListProps) {
  const { t } = useTranslation(['admin', 'staff']);
  const { api } = useServices();
  const stores = useQuery(adminStoresQuery(api, search, page, filter));
  return (
    <DataTable
      query={stores}
      rows={(data) => data._embedded.store}
      empty={t('admin:adminPage.none')}
      minWidth={820}
      headers={[t('admin:adminPage.store'), t('admin:adminPage.account'), t('admin:adminPage.partner'), t('admin:adminPage.logIn')]}
      row={(store) => (
        <Table.Tr key={store._id} data-store={store.name}>
          <Table.Td>
            <Anchor component={Link} to={routerPath(STAFF_PATHS.storeUsers(store.accountId, store._id))!} fw={600}>
              {store.name}
            </Anchor>
            {store.address && (
              <Text size="sm" c="dimmed">
                {store.address}
              </Text>
            )}
            {!store.active && (
              <Text size="sm" c="red">
                {t('admin:accountStores.inactive')}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={routerPath(STAFF_PATHS.accountStores(store.accountId))!}>
              {store.accountName}
            </Anchor>
          </Table.Td>
          <Table.Td>{store.partnerName ?? t('admin:adminPage.noPartner')}</Table.Td>
          <Table.Td>
            <LogInAs store={store} />
          </Table.Td>
        </Table.Tr>
      )}
      footer={(data) => <Pager page={page} setPage={setPage} totalPages={data.page.totalPages} total={data.page.totalElements} />}
    />
  );
}

function AccountList({ search, page, setPage, filter = {}, onStores }: ListProps & { onStores: (id: string, name: string) => void }) {
  const { t } = useTranslation('admin');
  const { api } = useServices();
  const accounts = useQuery(adminAccountsQuery(api, search, page, filter));
  return (
    <DataTable
      query={accounts}
      rows={(data) => data._embedded.account}
      empty={t('adminPage.none')}
      minWidth={600}
      headers={[t('adminPage.account'), t('adminPage.partner'), t('adminPage.storeCount'), t('adminPage.actions')]}
      row={(account) => (
        <Table.Tr key={account._id}>
          <Table.Td>
            <Anchor component={Link} to={routerPath(STAFF_PATHS.accountStores(account._id))!} fw={600}>
              {account.name}
            </Anchor>
          </Table.Td>
          <Table.Td>{account.partnerName ?? t('adminPage.noPartner')}</Table.Td>
          <Table.Td>{account.storeCount}</Table.Td>
          <Table.Td>
            <Button size="xs" variant="default" onClick={() => onStores(account._id, account.name)} aria-label={t('adminPage.storesOf', { name: account.name })}>
              {t('adminPage.stores')}
            </Button>
          </Table.Td>
        </Table.Tr>
      )}
      footer={(data) => <Pager page={page} setPage={setPage} totalPages={data.page.totalPages} total={data.page.totalElements} />}
    />
  );
}

function PartnerList({ search, page, setPage, onAccounts }: ListProps & { onAccounts: (id: string, name: string) => void }) {
  const { t } = useTranslation('admin');
  const { api } = useServices();
  const partners = useQuery(adminPartnersQuery(api, search, page));
  return (
    <DataTable
      query={partners}
      rows={(data) => data._embedded.partner}
      empty={t('adminPage.none')}
      headers={[t('adminPage.partner'), t('adminPage.accountCount'), t('adminPage.storeCount'), t('adminPage.actions')]}
      row={(partner) => (
        <Table.Tr key={partner._id}>
          <Table.Td>
            <Text fw={600}>{partner.name}</Text>
          </Table.Td>
          <Table.Td>{partner.accountCount}</Table.Td>
          <Table.Td>{partner.storeCount}</Table.Td>
          <Table.Td>
            <Button size="xs" variant="default" onClick={() => onAccounts(partner._id, partner.name)} aria-label={t('adminPage.accountsOf', { name: partner.name })}>
              {t('adminPage.accounts')}
            </Button>
          </Table.Td>
        </Table.Tr>
      )}
      footer={(data) => <Pager page={page} setPage={setPage} totalPages={data.page.totalPages} total={data.page.totalElements} />}
    />
  );
}
