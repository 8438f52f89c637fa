// Vite build and dev-server configuration of the web app (React plugin, dist output, /api proxy to the server).
/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own long-cached chunk. ECharts (the dashboard and reports) in one
        // chunk of its own that only the pages drawing charts load. Everything else, Mantine included, is split by
        // where it is used: a catch-all vendor or Mantine chunk would put every page's components in the first load
        // (e2e/bundle-size.test.ts holds the first load to 300 KB gzip).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8000', changeOrigin: false } },
  },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'], setupFiles: ['test/setup.ts'] },
});
