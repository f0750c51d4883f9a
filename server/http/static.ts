/**
 * Serves the built client. Hashed files under /assets/ never change, so browsers keep them for a
 * year; index.html, the service worker and the manifest must be revalidated on every load so that
 * a deploy reaches users. Every other GET that asks for HTML gets the app shell (client routes).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const REVALIDATE = new Set(['index.html', 'ops.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/** The compressed copies the build writes beside each file (scripts/precompress.ts). */
const COMPRESSED_COPY = /\.(br|gz)$/;

export function cacheControlFor(file: string): string {
  // A compressed copy is cached like the file it stands for.
  const name = path.basename(file).replace(COMPRESSED_COPY, '');
  if (REVALIDATE.has(name)) return 'no-cache';
  if (file.split(path.sep).includes('assets')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export async function registerClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  if (!existsSync(path.join(clientDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    index: false,
    // The build's brotli and gzip copies (scripts/precompress.ts) are sent as they are; a file
    // without one is compressed per response (server/app.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, file) {
      reply.header('cache-control', cacheControlFor(file));
    },
  });
  // The root is home, as the app's own start URL is: a redirect, keeping the query (an invitation's
  // `?code=`), so a visitor who types the bare address gets home's first screen in the page
  // (server/http/first-screen.ts) instead of the plain shell the app then replaced with /home.
  app.get('/', (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`/home${query < 0 ? '' : request.url.slice(query)}`, 302);
  });
  return true;
}

export function sendShell(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
