import { rmSync } from 'node:fs';
import { startServer } from './server';

/**
 * Seeds one embedded database for the whole browser suite: each spec's server then starts from a copy of it
 * (startServer, E2E_DATA_TEMPLATE) with the same demo data a fresh start would seed, minutes younger at most.
 * Workers are started after this runs, so they inherit the variable.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.E2E_BASE_URL) return () => {};
  // The one first start: it begins from the build's prepared demo data (seconds); when that copy is not from today it
  // migrates and seeds, which on a busy machine takes minutes, not the specs' 90 s.
  const server = await startServer({}, [], 600_000);
  const dir = server.dataDir;
  // stop() removes the directory; the template must outlive the server, so stop the process by hand.
  const exited = new Promise((r) => server.process.once('exit', r));
  server.process.kill('SIGTERM');
  await exited;
  rmSync(`${dir}/server.lock`, { force: true });
  process.env.E2E_DATA_TEMPLATE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
