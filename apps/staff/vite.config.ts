import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API in development (`npm start` in another terminal); the built app is served by the server itself.
const api = process.env.SERVICEBAY_API ?? 'http://localhost:8080';

export default defineConfig({
  base: '/app/',
  plugins: [react()],
  resolve: {
    // npm left a copy of Mantine in each workspace; one copy is needed for one theme context.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks', 'i18next', 'react-i18next', '@tanstack/react-query', 'react-router'],
  },
  server: {
    port: 5173,
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
