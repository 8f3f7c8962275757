import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { propOf } from '@hanlin/shared';
import type { Config } from './config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content listener (see `ContentOrigin`); `server.ts` starts it beside the app, tests inject into it. */
    contentApp: FastifyInstance;
  }
}

/** What the origin helpers read of a request: its headers and whether it came over TLS. */
export interface RequestLike {
  headers: IncomingHttpHeaders;
  socket?: unknown;
}

/**
 * Code from users (SCORM packages) runs on another origin than the app, so that nothing it runs can
 * read the app's storage or call the API as the learner: a second Fastify listener (CONTENT_PORT)
 * with no session, no cookies, no routes but those modules add to `app` (files behind signed
 * tokens in the path). It keeps no state: tokens are checked with a secret every node shares.
 */
export interface ContentOrigin {
  app: FastifyInstance;
  /**
   * The sandbox of frames showing content (their `sandbox` attribute and the content's CSP):
   * scripts, forms, popups and dialogs, never top navigation; `allow-same-origin` (the content
   * origin, not the app's) unless CONTENT_SANDBOX=page.
   */
  sandbox: string;
  /** The content origin as the browser that sent this request to the app reaches it. */
  originFor(req: RequestLike): string;
  /** The app origins allowed to frame content, for a request to the content listener. */
  appOriginsFor(req: RequestLike): string[];
}

/** The port a listening server took (its configured one may be 0: any free port); 0 while it does not listen on one. */
export function listeningPort(server: { address(): AddressInfo | string | null }): number {
  const address = server.address();
  return address !== null && typeof address === 'object' ? address.port : 0;
}

function first(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.split(',')[0]?.trim() || undefined;
}

/** Scheme and host name the browser used (forwarded ones behind a trusted proxy). */
function seenAs(config: Config, req: RequestLike): { proto: string; hostname: string } {
  const proto = (config.trustProxy && first(req.headers['x-forwarded-proto'])) || (propOf(req.socket, 'encrypted') ? 'https' : 'http');
  const host = (config.trustProxy && first(req.headers['x-forwarded-host'])) || first(req.headers.host) || 'localhost';
  let hostname = 'localhost';
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    /* a Host header that is no host: localhost */
  }
  return { proto: proto === 'https' ? 'https' : 'http', hostname };
}

export function createContentOrigin(config: Config): ContentOrigin {
  const app = Fastify({ logger: false, trustProxy: config.trustProxy, return503OnClosing: true, forceCloseConnections: 'idle' });
  // Nothing but plain statuses: no error model, no request details, nothing of the app.
  app.setNotFoundHandler((_req, reply) => reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found'));
  app.setErrorHandler((err: { statusCode?: number; status?: number }, req, reply) => {
    // Any refusal (a bad token, a file not in the package, an AppError) is a plain 404.
    const given = err.statusCode ?? err.status ?? 500;
    const status = given >= 400 && given < 500 ? 404 : 500;
    if (status === 500) req.log.error(err);
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(status === 404 ? 'Not found' : 'Error');
  });
  // A service worker registered by one package would answer the requests of every later one.
  app.addHook('onRequest', async (req, reply) => {
    if (req.headers['service-worker']) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    // Never a cookie from this origin.
    reply.removeHeader('set-cookie');
    return payload;
  });

  const port = () => config.contentPort || listeningPort(app.server);
  return {
    app,
    sandbox: `allow-scripts allow-forms allow-popups allow-modals${config.contentSandbox === 'package' ? ' allow-same-origin' : ''}`,
    originFor(req) {
      if (config.contentUrl) return config.contentUrl;
      const { proto, hostname } = seenAs(config, req);
      return `${proto}://${hostname}:${port()}`;
    },
    appOriginsFor(req) {
      const origins = config.publicUrl ? [new URL(config.publicUrl).origin] : [];
      if (!config.contentUrl) {
        const { proto, hostname } = seenAs(config, req);
        origins.push(`${proto}://${hostname}:${config.port}`);
      }
      return [...new Set(origins)];
    },
  };
}
