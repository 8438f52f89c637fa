// Serves the built web app (brotli or gzip copies made at build time when the browser takes them); every non-API path
// falls back to index.html so deep links work.
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function defaultWebDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
}

export async function registerWeb(app: FastifyInstance, webDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      // Looked up per request, so a rebuild's new assets are served without a restart; misses fall through to the handler below.
      wildcard: true,
      index: false,
      // The build writes each file also as .br and .gz (packages/web/vite.config.ts): sent by the request's
      // Accept-Encoding (brotli first), the file itself to a client that takes neither, with `vary: accept-encoding`.
      preCompressed: true,
      setHeaders(res, file) {
        // Hashed assets never change; index.html must always be fresh.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The wildcard would treat `/` as a directory listing; it is the app's index page.
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    if (path.extname(url) && url.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
