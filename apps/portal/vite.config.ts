import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  base: '/my-car/',
  plugins: [react(), portalPaths()],
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
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1024 },
});
