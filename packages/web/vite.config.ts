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
        // Libraries change less often than the app: keep them in their own long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|react-transition-group)/,
            },
            // Only the dashboard draws charts and lays out a grid: their libraries load with it, not with every page.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
            {
              name: 'grid-layout',
              test: /node_modules[\\/](react-grid-layout|react-draggable|react-resizable|fast-equals|resize-observer-polyfill)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8000', changeOrigin: false } },
  },
  test: { environment: 'jsdom', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], setupFiles: ['test/setup.ts'] },
});
