import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import react from '@vitejs/plugin-react';
import { mantineStyles } from './build/mantine-styles.js';

// The API in development (`npm start` in another terminal); the built app is served by the server itself.
const api = process.env.SERVICEBAY_API ?? 'http://localhost:8080';

/**
 * In development, /my-fleet/... and /report/... get the app too, as the server does in production;
 * the router still sees the real path, so the fleet variant shows.
 */
function portalPaths(): Plugin {
  return {
    name: 'servicebay-portal-paths',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/(my-fleet|report)(\/|\?|$)/.test(request.url)) request.url = '/my-car/';
        next();
      });
    },
  };
}

/**
 * The page each path draws, as App.tsx loads it (one chunk per page). The server announces every
 * file of the page's chunk, styles first, with the HTML (Link: rel=modulepreload or preload, from
 * dist/page-preloads.json), so a phone fetches the page's code beside the app's instead of after
 * running it.
 */
const PAGE_CHUNKS: Array<{ path: string; module: string }> = [
  { path: '^/my-(car|fleet)/login/?$', module: 'src/pages/LoginPage.tsx' },
  { path: '^/my-(car|fleet)/?$', module: 'src/pages/RegisterPage.tsx' },
  { path: '^/my-(car|fleet)/user/[^/]+/?$', module: 'src/dashboard/DashboardPage.tsx' },
  { path: '^/report/[^/]+/?$', module: 'src/report/ReportPage.tsx' },
];

function pagePreloads(base: string): Plugin {
  return {
    name: 'servicebay-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('page preloads: no entry chunk');
      const closure = (files: string[], seen = new Set<string>()) => {
        for (const file of files) {
          if (seen.has(file)) continue;
          seen.add(file);
          closure(byFile.get(file)?.imports ?? [], seen);
        }
        return seen;
      };
      const loaded = closure([entry.fileName]);
      const pages = PAGE_CHUNKS.map(({ path, module }) => {
        const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
        // A page renamed or no longer lazy in App.tsx: say so rather than preload nothing.
        if (!chunk) throw new Error(`page preloads: ${module} is not a page chunk (vite.config.ts PAGE_CHUNKS)`);
        const scripts = [...closure([chunk.fileName])].filter((f) => !loaded.has(f));
        // The pages' own styles (CSS modules), which Vite otherwise requests once the chunk runs.
        const styles = scripts.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return { path, files: [...new Set([...styles, ...scripts])].map((f) => `${base}${f}`) };
      });
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: `${JSON.stringify({ pages }, null, 2)}\n` });
    },
  };
}

export default defineConfig({
  base: '/my-car/',
  // The portal's sources and the shared components it draws decide which Mantine styles it ships.
  plugins: [react(), portalPaths(), pagePreloads('/my-car/'), mantineStyles([fileURLToPath(new URL('./src', import.meta.url)), fileURLToPath(new URL('../../packages/ui/src', import.meta.url))])],
  resolve: {
    // npm left a copy of Mantine in each workspace; one copy is needed for one theme context.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks', 'i18next', 'react-i18next', '@tanstack/react-query', 'react-router'],
  },
  server: {
    port: 5174,
    proxy: {
      '/v2': api,
      '/v1': api,
      '/i18n': api,
      '/health': api,
      '/ws': { target: api.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 150_000 },
        },
      },
    },
  },
});
