import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { STAFF_PATHS } from '@servicebay/domain';
import type { Config } from '../config.js';
import { errorHandler, notFoundHandler } from './errors.js';

/**
 * The built web apps and the API docs page, on the API's own port: one process serves all.
 *
 * - /app/...                       the staff app; any path that is not a file gets its index.html,
 *                                  so React Router can draw /app/login, /app/store/dashboard...
 * - /my-car/...                    the portal's files and, for other paths, its index.html
 * - /my-fleet/..., /report/...     the same portal index.html (the portal picks its variant by path)
 * - /                              redirects to /app/login
 * - /dev/outbox                    redirects to the staff app's outbox page (/app/dev/outbox) when
 *                                  DEV_TOOLS is on; the page itself asks root's token
 * - /v2/api/docs                   a readable page of the OpenAPI document
 *
 * Everything else keeps the JSON 404 of the API. index.html is never cached (a deploy must reach
 * every tablet on its next load); files under assets/ carry a content hash in their name and are
 * cached for a year.
 */
export async function registerWeb(app: FastifyInstance, config: Pick<Config, 'webDistDirs' | 'devTools'>): Promise<void> {
  const { staff, portal } = config.webDistDirs;
  registerApiDocs(app);

  if (hasBuild(staff)) {
    await app.register(async (scope) => spa(scope, staff, { serveFiles: true }), { prefix: '/app' });
    app.get('/', (_request, reply) => reply.redirect('/app/login'));
    if (config.devTools) app.get('/dev/outbox', (_request, reply) => reply.redirect(STAFF_PATHS.devOutbox));
  } else {
    app.log.warn({ dir: staff }, 'the staff app is not built; /app is not served (npm run build)');
  }

  if (hasBuild(portal)) {
    const pages = pagePreloads(portal, app.log);
    await app.register(async (scope) => spa(scope, portal, { serveFiles: true, preload: pages }), { prefix: '/my-car' });
    // One bundle for the three: its assets are referenced as /my-car/assets/..., wherever it is opened.
    await app.register(async (scope) => spa(scope, portal, { serveFiles: false, preload: pages }), { prefix: '/my-fleet' });
    const report = (request: FastifyRequest) => [...reportPreload(request), ...pages(request)];
    await app.register(async (scope) => spa(scope, portal, { serveFiles: false, preload: report }), { prefix: '/report' });
  } else {
    app.log.warn({ dir: portal }, 'the portal is not built; /my-car, /my-fleet and /report are not served');
  }
}

function hasBuild(dir: string): boolean {
  return existsSync(path.join(dir, 'index.html'));
}

const INDEX_CACHE = 'no-cache';
const HASHED_CACHE = 'public, max-age=31536000, immutable';
const OTHER_CACHE = 'public, max-age=3600';

/** A path whose last segment has an extension names a file; a missing file is a 404, not the app. */
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}

function sendIndex(reply: FastifyReply, root: string, links: string[] = []) {
  if (links.length) reply.header('link', links.join(', '));
  return reply.header('cache-control', INDEX_CACHE).sendFile('index.html', root, { cacheControl: false });
}

const REPORT_PAGE = /^\/report\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const REPORT_TOKEN = /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{1,100}$/i;

/**
 * The customer's report (docs/reports.md): the page's first API call, announced with the page
 * (Link: rel=preload), so a phone fetches the report while it still loads the bundle. The URL is
 * exactly the one the page asks for (the token in `t`, nothing else), or nothing is announced.
 */
function reportPreload(request: FastifyRequest): string[] {
  const [pathname, search = ''] = request.url.split('?');
  const id = REPORT_PAGE.exec(pathname ?? '')?.[1];
  const params = new URLSearchParams(search);
  const token = params.get('t');
  if (!id || !token || !REPORT_TOKEN.test(token) || params.has('lang')) return [];
  return [`</v2/api/report/${id}?t=${token}>; rel=preload; as=fetch; crossorigin=anonymous`];
}

const PRELOAD_FILE = /^\/[A-Za-z0-9/_.-]+\.(js|css)$/;

/**
 * The code of the page a path draws, announced with the HTML (Link: rel=modulepreload for its
 * scripts, rel=preload for its styles): an app that loads each page as a chunk of its own (the
 * portal) lists, in `page-preloads.json` beside its index.html, each page's path pattern and files
 * (written by its build). Without the list, or with
 * one that does not parse, nothing is announced and the app still loads its pages itself.
 */
export function pagePreloads(
  root: string,
  log?: { warn(data: object, message: string): void },
): (request: FastifyRequest) => string[] {
  const file = path.join(root, 'page-preloads.json');
  if (!existsSync(file)) return () => [];
  let pages: Array<{ pattern: RegExp; links: string[] }>;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as {
      pages?: Array<{ path?: unknown; files?: unknown }>;
    };
    pages = (parsed.pages ?? []).map((page) => {
      if (
        typeof page.path !== 'string' ||
        !Array.isArray(page.files) ||
        !page.files.every((f) => typeof f === 'string' && PRELOAD_FILE.test(f))
      ) {
        throw new Error('a page without a path or with a file that is not a script or style path');
      }
      return {
        pattern: new RegExp(page.path),
        links: (page.files as string[]).map((f) => (f.endsWith('.css') ? `<${f}>; rel=preload; as=style` : `<${f}>; rel=modulepreload`)),
      };
    });
  } catch (error) {
    log?.warn({ file, error: String(error) }, 'page preloads ignored');
    return () => [];
  }
  return (request) => {
    const pathname = request.url.split('?')[0] ?? '';
    return pages.find((page) => page.pattern.test(pathname))?.links ?? [];
  };
}

/** Mounts one single-page app in a prefixed scope: its files (optionally) and the index.html fallback. */
async function spa(
  scope: FastifyInstance,
  root: string,
  { serveFiles, preload }: { serveFiles: boolean; preload?: (request: FastifyRequest) => string[] },
) {
  await scope.register(fastifyStatic, {
    root,
    serve: serveFiles,
    prefix: '/',
    // The headers below replace @fastify/static's own `public, max-age=0`.
    cacheControl: false,
    dotfiles: 'ignore',
    index: 'index.html',
    redirect: false,
    // The build writes .br and .gz copies of its assets (scripts/precompress.mjs): a phone on a
    // slow network gets the bundle at about a quarter of its size.
    preCompressed: true,
    setHeaders: (reply, file) => {
      const name = path.relative(root, file).split(path.sep);
      reply.header(
        'cache-control',
        name.length === 1 && name[0] === 'index.html' ? INDEX_CACHE : name[0] === 'assets' ? HASHED_CACHE : OTHER_CACHE,
      );
    },
  });

  const fallback = (request: FastifyRequest, reply: FastifyReply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || looksLikeFile(request.url)) {
      return notFoundHandler(request, reply);
    }
    return sendIndex(reply, root, preload?.(request));
  };
  scope.setNotFoundHandler(fallback);
  // @fastify/static refuses odd paths (`//`, encoded `..`) with a 403 error; for a web page that is
  // simply a page that does not exist, not a server failure.
  scope.setErrorHandler((error: { statusCode?: number }, request, reply) =>
    error.statusCode === 403 || error.statusCode === 404 ? notFoundHandler(request, reply) : errorHandler(error, request, reply),
  );
  if (!serveFiles) {
    scope.get('/', fallback);
    scope.get('/*', fallback);
  }
}

// ---------------------------------------------------------------------------------------------
// API docs page

type Json = Record<string, unknown>;

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function prettySchema(schema: unknown, label = 'JSON schema'): string {
  return `<details class="schema"><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function renderOperation(method: string, route: string, op: Json): string {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const body = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  const responses =
    (op.responses as Record<
      string,
      { description?: string; content?: Record<string, { schema?: unknown }> }
    >) ?? {};
  const id = `op-${String(op.operationId ?? `${method}-${route}`).replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return `
    <details class="op" id="${escapeHtml(id)}">
      <summary><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span>
        <code class="path">${escapeHtml(route)}</code>
        <span class="summary">${escapeHtml(op.summary)}</span></summary>
      <div class="body">
        <p class="access">${escapeHtml(op.description)}</p>
        <p class="id">operationId <code>${escapeHtml(op.operationId)}</code></p>
        ${
          params.length
            ? `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${params
                .map(
                  (p) =>
                    `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
                )
                .join('')}</tbody></table>`
            : ''
        }
        ${
          body
            ? `<h4>Request body</h4>${Object.entries(body)
                .map(([type, c]) => `<p><code>${escapeHtml(type)}</code></p>${prettySchema(c.schema)}`)
                .join('')}`
            : ''
        }
        <h4>Responses</h4>
        <ul class="responses">${Object.entries(responses)
          .map(
            ([status, r]) =>
              `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(r.description)}${
                r.content
                  ? Object.values(r.content)
                      .map((c) => prettySchema(c.schema))
                      .join('')
                  : ''
              }</li>`,
          )
          .join('')}</ul>
      </div>
    </details>`;
}

/** Server-rendered, no script: it loads offline and under the strict CSP. */
export function renderApiDocs(doc: Json): string {
  const info = (doc.info as { title?: string; version?: string }) ?? {};
  const paths = (doc.paths as Record<string, Record<string, Json>>) ?? {};
  const byTag = new Map<string, string[]>();
  for (const [route, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = String((op.tags as string[] | undefined)?.[0] ?? 'other');
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, route, op)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title>
<style>
  :root { color-scheme: light; --ink: #1f2a30; --muted: #4a5a63; --line: #d5dee3; --bay: #0b6a8f; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: var(--ink); background: #f6f9fa; }
  header { background: var(--bay); color: #fff; padding: 24px clamp(16px, 4vw, 48px); }
  header h1 { margin: 0 0 4px; font-size: 1.6rem; }
  header p { margin: 0; }
  header a { color: #fff; }
  main { max-width: 1100px; margin: 0 auto; padding: 16px clamp(12px, 3vw, 32px) 48px; }
  nav ul { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; padding: 0; }
  nav a { display: inline-block; padding: 4px 12px; border: 1px solid var(--line); border-radius: 999px; background: #fff; color: var(--bay); text-decoration: none; }
  h2 { margin: 32px 0 8px; text-transform: capitalize; }
  .op { background: #fff; border: 1px solid var(--line); border-radius: 10px; margin: 8px 0; }
  .op > summary { cursor: pointer; padding: 12px 16px; display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: baseline; }
  .op > summary:focus-visible { outline: 3px solid var(--bay); outline-offset: 2px; }
  .method { font-weight: 700; font-size: .8rem; min-width: 4.5em; text-align: center; padding: 2px 8px; border-radius: 6px; color: #fff; background: #2b4a5a; }
  .get { background: #1b6e3a; } .post { background: #0b5d7e; } .put, .patch { background: #8a4b00; } .delete { background: #a61b1b; }
  .path { font-weight: 600; }
  .summary { color: var(--muted); }
  .body { padding: 0 16px 16px; border-top: 1px solid var(--line); }
  .access { font-weight: 600; }
  .id { color: var(--muted); font-size: .9rem; }
  table { border-collapse: collapse; width: 100%; font-size: .9rem; }
  th, td { text-align: left; border-bottom: 1px solid var(--line); padding: 6px 8px; vertical-align: top; }
  pre { background: #f1f5f7; border-radius: 8px; padding: 12px; overflow: auto; font-size: .85rem; }
  .responses { padding-left: 20px; }
  .schema > summary { cursor: pointer; color: var(--bay); font-size: .9rem; margin: 4px 0; }
</style>
</head>
<body>
<header>
  <h1>${escapeHtml(info.title)}</h1>
  <p>Version ${escapeHtml(info.version)} · generated from the route table · <a href="/v2/api/docs/openapi.json">OpenAPI 3.1 document (JSON)</a></p>
</header>
<main>
  <p>Every endpoint, its access rule, its inputs and its answers. Errors always have the shape <code>{ status, code, message }</code>.</p>
  <nav aria-label="Sections"><ul>${tags.map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`).join('')}</ul></nav>
  ${tags.map((tag) => `<section id="tag-${escapeHtml(tag)}" aria-labelledby="h-${escapeHtml(tag)}"><h2 id="h-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${byTag.get(tag)!.join('')}</section>`).join('')}
</main>
</body>
</html>`;
}

function registerApiDocs(app: FastifyInstance) {
  // The page shows exactly the document the API serves; made once, since the table is fixed at start.
  let page: string | undefined;
  const handler = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!page) {
      const res = await app.inject({ method: 'GET', url: '/v2/api/docs/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
      page = renderApiDocs(res.json());
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', INDEX_CACHE).send(page);
  };
  app.get('/v2/api/docs', handler);
  app.get('/v2/api/docs/', handler);
}
