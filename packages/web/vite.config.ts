// Vite build and dev-server configuration of the web app (React plugin, dist output with brotli and gzip copies of each
// asset, /api proxy to the server).
/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

export default defineConfig({
  plugins: [
    react(),
    // Each built file also as .br and .gz, made once here at their best ratio, so the server sends them as they are by the
    // browser's Accept-Encoding instead of compressing per request (packages/server/src/http/web.ts). Not the source
    // maps: only developer tools fetch them, and brotli at its best on them would take most of the build's time. A copy no
    // smaller than the file is skipped; the server then sends the file itself.
    compression({
      include: /\.(html|css|js|svg|json)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
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
