import { networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../lib/errors';

const HOST_ERROR_CODES = { HOST_NOT_ALLOWED: 'HOST_NOT_ALLOWED', DUPLICATE_HOST: 'DUPLICATE_HOST' } as const;

const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

const bracketed = (h: string) => (h.includes(':') && !h.startsWith('[') ? `[${h}]` : h);

/**
 * The host names a request may name (Host, or X-Forwarded-Host from a trusted proxy) for its origin to go into an
 * e-mailed link when PUBLIC_URL is unset: ALLOWED_HOSTS, else the listen address and localhost (every address of
 * this machine when it listens on all of them). Lower case; IPv6 in brackets, as a Host header writes it.
 */
function allowedHosts(config: Config): Set<string> {
  if (config.ALLOWED_HOSTS) return new Set(config.ALLOWED_HOSTS);
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]']);
  if (WILDCARD.has(config.HOST)) {
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) hosts.add(bracketed(a.address.toLowerCase()));
  } else {
    hosts.add(bracketed(config.HOST.toLowerCase()));
  }
  return hosts;
}

const allowedByConfig = new WeakMap<Config, Set<string>>();

/**
 * The site's own origin for a link in mail: PUBLIC_URL when set. Otherwise the request's, but only for a host in
 * allowedHosts — the Host header is the client's to write, and a link to a host someone else chose
 * (`Host: evil.example`) would hand them the reset token. Any other host is a 400 and no mail.
 */
export function mailOrigin(req: FastifyRequest, config: Config = req.server.deps.config): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  let allowed = allowedByConfig.get(config);
  if (!allowed) allowedByConfig.set(config, (allowed = allowedHosts(config)));
  const host = req.host.toLowerCase();
  const hostname = req.hostname.toLowerCase();
  if (!allowed.has(host) && !allowed.has(hostname)) {
    throw new HttpError(
      400,
      'Địa chỉ máy chủ (Host) của yêu cầu không được phép. Quản trị viên cần đặt PUBLIC_URL hoặc ALLOWED_HOSTS.',
      HOST_ERROR_CODES.HOST_NOT_ALLOWED,
    );
  }
  return `${req.protocol}://${host}`;
}

/** A request naming two hosts is ambiguous (a proxy and the server could each read another one): 400. */
export function registerHostRules(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    const raw = req.raw.rawHeaders;
    let hosts = 0;
    for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') hosts++;
    if (hosts > 1) throw new HttpError(400, 'Yêu cầu có nhiều hơn một tiêu đề Host', HOST_ERROR_CODES.DUPLICATE_HOST);
  });
}
