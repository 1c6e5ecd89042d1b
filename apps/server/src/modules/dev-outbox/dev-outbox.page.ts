import { createHash } from 'node:crypto';
import type { DevOutboxPage, Language, OutboxMessage } from '@servicebay/domain';
import { catalogs } from '@servicebay/locales';

type Texts = (typeof catalogs)['en']['devOutbox'];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value written into the page goes through this: message bodies are whatever was sent. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.4; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem; }
header p { margin: 0.25rem 0; }
.note { color: GrayText; font-size: 0.9rem; }
nav { display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap; margin: 1rem 0; }
nav a[aria-current="page"] { font-weight: bold; text-decoration: none; }
article { border: 1px solid GrayText; border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 0 0 1rem; }
article h2 { font-size: 1rem; margin: 0 0 0.5rem; display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: baseline; }
.badge { border: 1px solid currentColor; border-radius: 1rem; padding: 0 0.5rem; font-size: 0.8rem; font-weight: normal; }
.status-failed, .status-undelivered { color: #c62828; }
.status-delivered, .status-sent { color: #2e7d32; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 1rem; margin: 0 0 0.5rem; }
dt { font-weight: bold; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: color-mix(in srgb, GrayText 12%, transparent); padding: 0.5rem; border-radius: 0.25rem; margin: 0; }
`;

/**
 * The page runs no script and its only style is this block, allowed by its hash, so it holds under
 * a CSP far stricter than the app's: nothing a message contains can load or run anything.
 */
export const OUTBOX_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * For one e-mail's own HTML: a sandbox (an opaque origin, no scripts, no forms), its inline styles
 * and pictures allowed so it looks as the customer would see it.
 */
export const EMAIL_HTML_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-ancestors 'none'";

interface PageState {
  channel?: 'email' | 'sms' | undefined;
  page: number;
  size: number;
  lang: Language;
}

function href(state: PageState, change: Partial<PageState> = {}): string {
  const next = { ...state, ...change };
  const query = new URLSearchParams();
  if (next.channel) query.set('channel', next.channel);
  if (next.page) query.set('page', String(next.page));
  if (next.size !== 20) query.set('size', String(next.size));
  if (next.lang !== 'en') query.set('lang', next.lang);
  const search = query.toString();
  return escapeHtml(`/dev/outbox${search ? `?${search}` : ''}`);
}

function renderMessage(message: OutboxMessage, t: Texts, dates: Intl.DateTimeFormat): string {
  const rows: Array<[string, string]> = [
    [t.field.to, message.to],
    [t.field.from, message.from],
  ];
  if (message.channel === 'email') rows.push([t.field.subject, message.subject ?? t.field.noSubject]);
  rows.push([t.field.provider, t.provider[message.provider]]);
  if (message.error) rows.push([t.field.error, message.error]);
  const html = message.hasHtml
    ? `<p><a href="/v2/api/dev/outbox/${escapeHtml(message.id)}/html" target="_blank" rel="noopener">${escapeHtml(t.viewHtml)}</a></p>`
    : '';
  return `<article>
<h2><span class="badge">${escapeHtml(t.channel[message.channel])}</span>
<span class="status-${escapeHtml(message.status)}">${escapeHtml(t.status[message.status])}</span>
<time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(dates.format(new Date(message.createdAt)))}</time></h2>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<pre>${escapeHtml(message.text)}</pre>
${html}</article>`;
}

/** The outbox as a page a person can read: e-mails and texts, newest first, en or fr. */
export function renderOutboxPage(result: DevOutboxPage, state: PageState): string {
  const t = catalogs[state.lang].devOutbox;
  const dates = new Intl.DateTimeFormat(state.lang === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const pages = Math.max(1, Math.ceil(result.total / state.size));
  const filters = (
    [
      [undefined, t.filter.all],
      ['email', t.filter.email],
      ['sms', t.filter.sms],
    ] as const
  )
    .map(([channel, label]) => {
      const current = state.channel === channel ? ' aria-current="page"' : '';
      return `<a href="${href(state, { channel, page: 0 })}"${current}>${escapeHtml(label)}</a>`;
    })
    .join('\n');
  const newer =
    state.page > 0
      ? `<a href="${href(state, { page: state.page - 1 })}" rel="prev">${escapeHtml(t.pagination.newer)}</a>`
      : '';
  const older =
    (state.page + 1) * state.size < result.total
      ? `<a href="${href(state, { page: state.page + 1 })}" rel="next">${escapeHtml(t.pagination.older)}</a>`
      : '';
  const body = result.items.length
    ? result.items.map((m) => renderMessage(m, t, dates)).join('\n')
    : `<p>${escapeHtml(t.empty)}</p>`;

  return `<!doctype html>
<html lang="${state.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} · ${escapeHtml(catalogs[state.lang].app.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
<p class="note">${escapeHtml(t.devOnly)}</p>
</header>
<nav aria-label="${escapeHtml(t.filter.label)}">
<span>${escapeHtml(t.filter.label)}</span>
${filters}
<a href="${href(state)}">${escapeHtml(t.refresh)}</a>
<a href="${href(state, { lang: state.lang === 'fr' ? 'en' : 'fr' })}" lang="${state.lang === 'fr' ? 'en' : 'fr'}">${escapeHtml(t.otherLanguage)}</a>
</nav>
<main>
<p>${escapeHtml(fill(t.total, { total: result.total }))}</p>
${body}
</main>
<nav aria-label="${escapeHtml(t.pagination.label)}">
${newer}
<span>${escapeHtml(fill(t.pagination.page, { page: state.page + 1, pages }))}</span>
${older}
</nav>
</body>
</html>
`;
}
