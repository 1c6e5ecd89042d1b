import { Badge, Button, CloseButton, Group, Loader, Popover, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatDate } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { consentChange, type ConsentChange } from './chat-rules.js';
import { consentHistoryQuery } from './texting-api.js';
import { HistoryIcon } from './texting-icons.js';

/**
 * The customer's consent history, from the chat's feed header, where the advisor texts: every
 * change of the permission to text, newest first, with what made it (the keyword the customer
 * texted and the number it came from, or the staff user on the customer's record) and when, in
 * the store's time zone. Read again each time it opens.
 */
export function ConsentHistoryButton({ storeId, customerId }: { storeId: string; customerId: string }) {
  const { t } = useTranslation('texting');
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<HistoryIcon size={14} />}
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-haspopup="dialog"
        >
          {t('consent.open')}
        </Button>
      </Popover.Target>
      {/* data-mantine-stop-propagation: Escape here closes the history, not the chat around it. */}
      <Popover.Dropdown
        role="dialog"
        aria-labelledby={titleId}
        data-testid="consent-history"
        data-mantine-stop-propagation
      >
        <Group justify="space-between" wrap="nowrap" mb={6}>
          <Title order={4} size="h6" id={titleId}>
            {t('consent.title')}
          </Title>
          <CloseButton
            size="sm"
            aria-label={t('consent.close')}
            onClick={() => setOpened(false)}
            data-mantine-stop-propagation
          />
        </Group>
        {opened && <ConsentHistoryList storeId={storeId} customerId={customerId} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function ConsentHistoryList({ storeId, customerId }: { storeId: string; customerId: string }) {
  const { t, i18n } = useTranslation('texting');
  const { api } = useServices();
  const history = useQuery({ ...consentHistoryQuery(api, storeId, customerId), staleTime: 0 });
  if (history.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">{t('consent.loading')}</Text>
      </Group>
    );
  if (history.isError)
    return (
      <Text size="sm" role="alert">
        {t('consent.failed')}
      </Text>
    );
  const { items, timeZone } = history.data;
  if (items.length === 0) return <Text size="sm">{t('consent.empty')}</Text>;
  return (
    <Stack gap={8} component="ol" className="texting-consent-list">
      {items.map((event) => {
        const change = consentChange(event);
        const when = t('consent.at', {
          date: formatDate(event.at, DATE_FORMATS.date, i18n.language, { timeZone }),
          time: formatDate(event.at, DATE_FORMATS.time, i18n.language, { timeZone }),
          zone: timeZone,
        });
        return (
          <li key={event._id} data-testid="consent-event" data-permission={String(event.permissionToText)}>
            <Badge
              size="sm"
              variant={event.permissionToText ? 'light' : 'outline'}
              color={event.permissionToText ? 'teal.9' : 'red.9'}
            >
              {event.permissionToText ? t('consent.on') : t('consent.off')}
            </Badge>
            <Text size="sm">{changeText(t, change)}</Text>
            <Text size="xs" c="dimmed">
              <time dateTime={event.at}>{when}</time>
            </Text>
          </li>
        );
      })}
    </Stack>
  );
}

/** The sentence of one change, in the reader's language. */
function changeText(t: TFunction<'texting'>, change: ConsentChange): string {
  switch (change.key) {
    case 'byKeyword':
      return t('consent.byKeyword', { keyword: change.keyword, phone: change.phone });
    case 'byKeywordNoPhone':
      return t('consent.byKeywordNoPhone', { keyword: change.keyword });
    case 'byStaff':
      return t('consent.byStaff', { name: change.name });
    default:
      return t('consent.byStaffUnknown');
  }
}
