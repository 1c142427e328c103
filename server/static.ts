import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_MESSAGES } from '../src/domain/texts/server';

/** Paths the API owns: never answered with the SPA's index.html. */
const API_PREFIXES = ['/cashier/', '/healthz', '/api/'];

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and every other
 * GET that is not an API path answered with index.html (the client's router takes over). Source maps
 * (`*.map`) answer 404 unless `sourceMaps` (development).
 */
export function clientPlugin(distDir: string, options: { sourceMaps?: boolean } = {}) {
  const root = resolve(distDir);
  return async (app: FastifyInstance) => {
    if (!existsSync(join(root, 'index.html'))) {
      app.log.warn(`no built client in ${root}: run npm run build (the API still answers)`);
      return;
    }
    // The built client is public (the sign-in page loads before any session); @fastify/static's file
    // routes take no config of their own, so this plugin's scope marks every route it adds.
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: false };
    });
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      cacheControl: false,
      // source maps (vite builds them 'hidden') only in development: in production they would publish the
      // source; NODE_ENV=development serves them (main.ts)
      allowedPath: (path) => options.sourceMaps === true || !path.endsWith('.map'),
      setHeaders: (res, path) => {
        const hashed = path.includes(`${join(root, 'assets')}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', { config: { auth: false } }, async (req, reply) => {
      const path = req.url.split('?')[0];
      if (API_PREFIXES.some((p) => path.startsWith(p)) || path.endsWith('.map')) {
        return reply.status(404).send({ status: 'error', error: { message: API_MESSAGES.notFound } });
      }
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    });
  };
}
