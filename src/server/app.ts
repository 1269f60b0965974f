import { existsSync, readFileSync, statSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { DEFAULT_MESSAGES } from '../shared/contracts/errors';
import type { PublicCompany } from '../shared/contracts/company';
import { fillStaticLogin, isStaticLoginPath, STATIC_LOGIN_FILE, type StaticLoginBuild } from '../shared/static-login';
import { loggerOptions, RequestLogController } from './lib/logger';
import { codeFor, HttpError } from './lib/errors';
import { createTokenSigner, type TokenSigner } from './lib/tokens';
import { registerAuth } from './plugins/auth';
import { chooseEncoding } from './lib/accept-encoding';
import { registerCompression } from './plugins/compress';
import { registerErrorHandler } from './plugins/errors';
import { ReadCache, registerReadCache } from './plugins/read-cache';
import { registerLanguage, requestLanguageZodLocale } from './plugins/language';
import { registerHostRules } from './plugins/hosts';
import { postgresRateLimitStore } from './plugins/rate-limit-store';
import { registerSecurity } from './plugins/security';
import { responseSerializerCompiler } from './plugins/serializer';
import { ROOT, WEB_DIST_DIR } from './paths';
import { registerModules } from './modules/index';
import { companyProfile } from './modules/settings/index';

// zod's own messages in the request's language: Vietnamese (z.locales.vi), or English for an English request.
z.config(requestLanguageZodLocale());

export interface AppDeps {
  database: Database;
  config: Config;
  jwtSecret: string;
  /** Serve the built SPA from dist/web (off in API tests unless a test asks for it). */
  serveWeb?: boolean;
  webDir?: string;
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps & { signer: TokenSigner; version: string };
  }
}

/**
 * Whether an unmatched path is meant for the API however it is spelled (escapes, case, repeated slashes, dot
 * segments): such a request gets the JSON 404, not the SPA shell.
 */
function isApiPath(url: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return true;
  }
  const normal = new URL(decoded.replace(/[/\\]+/g, '/'), 'http://host').pathname.toLowerCase();
  return normal === '/api' || normal.startsWith('/api/') || normal.startsWith('/api;');
}

/**
 * A request Node's parser refused (headers past the size limit, a malformed request line) never reaches Fastify's
 * handlers: it is answered here, on the socket, in the same `{ message, code }` shape (Vietnamese: no request, no
 * language). 431 for oversized headers, 408 for a timeout, 400 otherwise.
 */
function answerClientError(err: Error & { code?: string }, socket: Duplex) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ message: DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[400], code: codeFor(status) });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * The sign-in page's static document (the build's STATIC_LOGIN_FILE) as sent: the year and the company's brand
 * filled in, in plain, brotli and gzip forms, made again only when the file, the year or the profile changes. The
 * profile is read at most once a second (a burst of visits shares one read). null when the build made none.
 */
function staticLoginDocument(file: string, company: () => Promise<PublicCompany>) {
  let made: { key: string; plain: Buffer; br: Buffer; gzip: Buffer } | null = null;
  let profile: { at: number; value: Promise<PublicCompany | null> } | null = null;
  return async (encoding: 'br' | 'gzip' | undefined): Promise<Buffer | null> => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return null;
    }
    if (!profile || Date.now() - profile.at > 1000) {
      // A profile that cannot be read leaves the app's default brand, as the app's own header would.
      profile = { at: Date.now(), value: company().catch(() => null) };
    }
    const current = await profile.value;
    const year = new Date().getFullYear();
    const key = `${stat.mtimeMs}:${stat.size}:${year}:${JSON.stringify(current)}`;
    if (made?.key !== key) {
      const build = JSON.parse(readFileSync(file, 'utf8')) as StaticLoginBuild;
      const plain = Buffer.from(fillStaticLogin(build, { year, company: current }));
      made = {
        key,
        plain,
        br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
        gzip: gzipSync(plain, { level: 9 }),
      };
    }
    return encoding ? made[encoding] : made.plain;
  };
}

/** Fastify's own meaning of a hop count (the socket's peer is hop 0), written out because its types take no number. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

const VERSION: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    // One line per request, at debug level, instead of Fastify's two at info.
    logController: new RequestLogController(),
    bodyLimit: config.BODY_LIMIT,
    // A hop count or the proxies' addresses, never `true` (config refuses it): only what a trusted proxy appended
    // to X-Forwarded-For becomes req.ip, never the leftmost entry a client wrote itself.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    // A request must be complete (body included) within REQUEST_TIMEOUT, its headers within HEADERS_TIMEOUT; else
    // Node answers 408 (answerClientError) and closes the socket. A silent connection closes after CONNECTION_TIMEOUT.
    requestTimeout: config.REQUEST_TIMEOUT,
    connectionTimeout: config.CONNECTION_TIMEOUT,
    http: {
      headersTimeout: Math.min(config.HEADERS_TIMEOUT, config.REQUEST_TIMEOUT),
      // Node checks those two timeouts on this interval (30 s by default, which would let a "60 s" request run 90 s).
      connectionsCheckingInterval: Math.min(1_000, config.HEADERS_TIMEOUT),
    },
    // Idle keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // Errors before a request exists (a URL that cannot be decoded…) get the API's `{ message, code }` too.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      void (reply as FastifyReply).code(status).send({ message: DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[400]!, code: codeFor(status) });
    },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Under test every answer is also checked against its contract; in production the compiled writer alone runs.
  app.setSerializerCompiler(responseSerializerCompiler({ checkResponses: process.env.NODE_ENV === 'test' || process.env.VITEST !== undefined }));

  const signer = createTokenSigner(deps.jwtSecret, config.ACCESS_TOKEN_TTL);
  app.decorate('deps', { ...deps, signer, version: VERSION });

  registerLanguage(app);
  registerErrorHandler(app);
  await registerSecurity(app);
  registerHostRules(app);
  // Before compression: a kept answer is kept with its compressed forms.
  registerReadCache(app, deps.database, new ReadCache({ ttlMs: config.READ_CACHE_TTL, maxBytes: config.READ_CACHE_MB * 1_048_576 }));
  registerCompression(app);
  // Counted where every instance sees the same counters: Redis when REDIS_URL is set, else PostgreSQL when several
  // instances may share the database; PGlite is one process and counts in memory.
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: 'cargo-console-rl:' }
      : deps.database.driver === 'postgres'
        ? { store: postgresRateLimitStore(deps.database) }
        : {}),
  });
  await app.register(multipart, { limits: { fileSize: config.UPLOAD_LIMIT, files: 1, fields: 20 } });
  // Docs describe shapes only: every docs route is public. The hook must exist before the docs routes are added.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), access: 'public', cacheable: true };
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Cargo Console API', version: VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Like every other page: the docs may not be framed by anyone (clickjacking).
    transformStaticCSP: (header: string) => header.replace(/frame-ancestors[^;]*/, "frame-ancestors 'none'"),
    uiConfig: { docExpansion: 'list' },
  });
  registerAuth(app, signer);

  await app.register(registerModules, { prefix: '/api' });

  const webDir = deps.webDir ?? WEB_DIST_DIR;
  const indexFile = path.join(webDir, 'index.html');
  const loginDocument = staticLoginDocument(path.join(webDir, STATIC_LOGIN_FILE), () => companyProfile(deps.database.db));
  if (deps.serveWeb && existsSync(indexFile)) {
    // The built files are the only routes outside /api, and they are public; any other route is Admin-only.
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), access: 'public', cacheable: true };
      });
      await scope.register(fastifyStatic, {
        root: webDir,
        // One route per built file; anything else falls to the not-found handler (SPA fallback or a real 404).
        wildcard: false,
        index: false,
        // The static sign-in page is sent only for its route, filled in (below), never as a file.
        allowedPath: (pathName: string) => pathName !== `/${STATIC_LOGIN_FILE}`,
        // The build writes every text asset brotli- and gzip-compressed beside itself; the client's
        // Accept-Encoding picks one (Vary: Accept-Encoding), with the plain file as the fallback.
        preCompressed: true,
        setHeaders(res, filePath) {
          // Hashed assets never change; everything else is revalidated so a deploy is seen at once.
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0]!;
    const isAsset = url.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(url);
    if (!isApiPath(url) && !isAsset && (req.method === 'GET' || req.method === 'HEAD') && deps.serveWeb && existsSync(indexFile)) {
      // History fallback: every client route, known or not, gets the SPA, which shows its own 404. The sign-in route
      // gets the same document with its screen already in it as static HTML, which the app takes over.
      if (isStaticLoginPath(url)) {
        const encoding = chooseEncoding(req.headers['accept-encoding']);
        const body = await loginDocument(encoding);
        if (body) {
          reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
          // The one request its first paint waits for (the colour mode and language), asked for with the headers.
          reply.header('link', '</layout-boot.js>; rel=preload; as=script');
          if (encoding) reply.header('content-encoding', encoding);
          return reply.send(body);
        }
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(indexFile));
    }
    throw new HttpError(404, isApiPath(url) ? 'Không tìm thấy đường dẫn API' : 'Không tìm thấy trang');
  });
  return app;
}
