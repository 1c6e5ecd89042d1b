import { useEffect, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { DATE_FORMATS, formatDate, isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { LabelledSegmentedControl } from '../../kit/LabelledSegmentedControl.js';
import { PageHeader } from '../../kit/PageHeader.js';
import {
  devOutboxMessageQuery,
  devOutboxQuery,
  OUTBOX_PAGE_SIZE as PAGE_SIZE,
  replyAsCustomer,
  type OutboxChannel as Channel,
} from './dev-outbox-api.js';
import { linkify } from './linkify.js';


/** A message that did not go out stands out; the others read plainly (contrast kept on white). */
const FAILED: ReadonlySet<OutboxMessage['status']> = new Set(['failed', 'undelivered']);

/**
 * /app/dev/outbox: the development outbox for the person trying the product, signed in as root.
 * Every e-mail and text the server sent, newest first. The API answers only root, and only while
 * DEV_TOOLS is on (never with NODE_ENV=production); anyone else reads nothing here.
 */
export function DevOutboxPage() {
  const { t } = useTranslation('devOutbox');
  const { api } = useServices();
  const [channel, setChannel] = useState<Channel>('all');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [channel]);

  const outbox = useQuery(devOutboxQuery(api, channel, page));

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} purpose={t('intro')} />
      <Text size="sm" c="dimmed">
        {t('rootOnly')}
      </Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        <LabelledSegmentedControl<Channel>
          label={t('filter.label')}
          value={channel}
          onChange={setChannel}
          data={[
            { value: 'all', label: t('filter.all') },
            { value: 'email', label: t('filter.email') },
            { value: 'sms', label: t('filter.sms') },
          ]}
        />
        <Button
          variant="default"
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching && !outbox.isPending}
        >
          {t('refresh')}
        </Button>
      </Group>
      {outbox.data ? (
        <Stack gap="md">
          <Text size="sm" aria-live="polite">
            {t('total', { count: outbox.data.total })}
          </Text>
          {outbox.data.items.length === 0 ? (
            <Text>{t('empty')}</Text>
          ) : (
            <Stack
              gap="md"
              component="ol"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label={t('title')}
            >
              {outbox.data.items.map((message) => (
                <MessageCard key={message.id} message={message} />
              ))}
            </Stack>
          )}
          {outbox.data.total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(outbox.data.total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label={t('pagination.label')}
              getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })}
            />
          )}
        </Stack>
      ) : (
        <OutboxState loading={outbox.isPending} error={outbox.error} onRetry={() => void outbox.refetch()} />
      )}
    </Stack>
  );
}

function OutboxState({ loading, error, onRetry }: { loading: boolean; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('devOutbox');
  if (loading) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('loading')}</Text>
      </Group>
    );
  }
  if (isApiError(error) && error.status === 403)
    return <AlertBanner alert={{ type: 'warning', message: t('forbidden') }} />;
  if (isApiError(error) && error.status === 404)
    return <AlertBanner alert={{ type: 'info', message: t('off') }} />;
  return (
    <Stack gap="sm" align="flex-start">
      <AlertBanner alert={{ type: 'warning', message: t('loadFailed') }} />
      <Button onClick={onRetry}>{t('retry')}</Button>
    </Stack>
  );
}

/** A message's text, its http(s) addresses as links (a reset link opens in a new tab). */
function MessageText({ text }: { text: string }) {
  return (
    <Text
      component="div"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid="outbox-text"
    >
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

function MessageCard({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation('devOutbox');
  const [showHtml, setShowHtml] = useState(false);
  const date = `${formatDate(message.createdAt, DATE_FORMATS.date, i18n.language)} ${formatDate(message.createdAt, DATE_FORMATS.time, i18n.language)}`;
  const subject = message.channel === 'email' ? (message.subject ?? t('field.noSubject')) : null;
  const rows: Array<[string, string]> = [
    [t('field.to'), message.to],
    [t('field.from'), message.from],
    ...(subject !== null ? [[t('field.subject'), subject] as [string, string]] : []),
    [t('field.provider'), t(`provider.${message.provider}`)],
    ...(message.error ? [[t('field.error'), message.error] as [string, string]] : []),
    ...(message.attachments.length
      ? [[t('field.attachments'), message.attachments.map((a) => `${a.filename} (${a.contentType.split(';')[0]}, ${a.size} B)`).join(', ')] as [string, string]]
      : []),
  ];
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p="md"
      data-message-id={message.id}
      data-channel={message.channel}
      aria-label={subject ?? message.to}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge variant="outline" color="dark">
            {t(`channel.${message.channel}`)}
          </Badge>
          <Badge
            variant={FAILED.has(message.status) ? 'filled' : 'outline'}
            color={FAILED.has(message.status) ? 'red.9' : 'dark'}
            data-status={message.status}
          >
            {t(`status.${message.status}`)}
          </Badge>
          <Text component="time" dateTime={message.createdAt} size="sm">
            {date}
          </Text>
        </Group>
        <dl
          style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.15rem 1rem', margin: 0 }}
        >
          {rows.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <Text component="dt" fw={600} size="sm">
                {term}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </dl>
        <MessageText text={message.text} />
        {message.channel === 'sms' && message.provider === 'local' && <ReplyAsCustomer message={message} />}
        {message.hasHtml && (
          <Stack gap="xs" align="flex-start">
            <Button
              size="xs"
              variant="default"
              onClick={() => setShowHtml((v) => !v)}
              aria-expanded={showHtml}
            >
              {showHtml ? t('hideHtml') : t('showHtml')}
            </Button>
            {showHtml && (
              <HtmlVersion id={message.id} title={t('htmlFrame', { subject: subject ?? message.to })} />
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The e-mail's own HTML, in a frame sandboxed with no permission at all: no script runs, no form
 * is sent, and its opaque origin reaches neither the app nor root's sign-in.
 */
function HtmlVersion({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation('devOutbox');
  const { api } = useServices();
  const detail = useQuery(devOutboxMessageQuery(api, id));
  if (detail.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">{t('htmlLoading')}</Text>
      </Group>
    );
  }
  if (!detail.data?.html) return <AlertBanner alert={{ type: 'warning', message: t('htmlFailed') }} />;
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={detail.data.html}
      referrerPolicy="no-referrer"
      style={{
        width: '100%',
        minHeight: 400,
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 8,
        background: 'white',
      }}
    />
  );
}

/**
 * "Answer as the customer" under a text of the local gateway: the answer goes to the server's
 * reply route, which posts it, signed, to the Twilio inbound webhook (docs/texting.md "The local
 * gateway"); the store's chat receives it as the customer's text.
 */
function ReplyAsCustomer({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('devOutbox');
  const { api } = useServices();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [said, setSaid] = useState<{ type: 'success' | 'warning' | 'danger'; message: string } | null>(null);
  const reply = useMutation({
    mutationFn: (answer: string) => replyAsCustomer(api, message.id, answer),
    onSuccess: (answer) => {
      setSaid(answer.customerId ? { type: 'success', message: t('reply.sent') } : { type: 'warning', message: t('reply.noCustomer') });
      setText('');
      setOpen(false);
    },
    onError: () => setSaid({ type: 'danger', message: t('reply.failed') }),
  });
  if (!open) {
    return (
      <Stack gap="xs" align="flex-start">
        <Button size="xs" variant="default" onClick={() => { setOpen(true); setSaid(null); }}>
          {t('reply.open')}
        </Button>
        {said && <AlertBanner alert={{ type: said.type, message: said.message }} />}
      </Stack>
    );
  }
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) {
          setSaid({ type: 'warning', message: t('reply.empty') });
          return;
        }
        reply.mutate(text);
      }}
    >
      <Textarea
        label={t('reply.label')}
        description={t('reply.hint')}
        autosize
        minRows={2}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group gap="xs">
        <Button type="submit" size="xs" loading={reply.isPending}>
          {t('reply.send')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setOpen(false)}>
          {t('reply.cancel')}
        </Button>
      </Group>
      {said && <AlertBanner alert={{ type: said.type, message: said.message }} />}
    </Stack>
  );
}
