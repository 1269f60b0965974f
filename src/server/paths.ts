import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found by walking up from this module (works from src/ under tsx and from dist/ when bundled). */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export const ROOT = findRoot();
export const MIGRATIONS_DIR = path.join(ROOT, 'src/server/db/migrations');
export const WEB_DIST_DIR = path.join(ROOT, 'dist/web');
