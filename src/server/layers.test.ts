import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './paths';

// The server's layers are held by lint (eslint.config.js): each case is a file that breaks one rule, linted as if it
// were at that place in the tree, and one that keeps to the layers.
const eslint = new ESLint({ cwd: ROOT });
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('server layers', () => {
  it.each([
    ['src/server/lib/probe.ts', "import { authRoutes } from '../modules/auth/auth.routes';\nexport const x = authRoutes;\n", 'server/lib is the bottom layer'],
    ['src/server/lib/probe.ts', "import { registerLanguage } from '../plugins/language';\nexport const x = registerLanguage;\n", 'server/lib is the bottom layer'],
    ['src/server/db/probe.ts', "import { registerLanguage } from '../plugins/language';\nexport const x = registerLanguage;\n", 'server/db'],
    ['src/server/plugins/probe.ts', "import { buildApp } from '../app';\nexport const x = buildApp;\n", 'server/plugins'],
    ['src/server/modules/customers/probe.ts', "import { seedIfEmpty } from '../../db/seed/index';\nexport const x = seedIfEmpty;\n", 'A module never imports the seed'],
    ['src/server/modules/packages/probe.ts', "import { followPackages } from '../orders/orders.follow';\nexport const x = followPackages;\n", 'Import the orders module only through modules/orders/index.ts'],
    ['src/server/modules/mawbs/probe.ts', "import type { NewEvent } from '../packages/packages.events';\nexport type X = NewEvent;\n", 'Import the packages module only through modules/packages/index.ts'],
    ['src/server/db/seed/probe.ts', "import { orderSearchText } from '../../modules/orders/orders.service';\nexport const x = orderSearchText;\n", 'Import the orders module only through modules/orders/index.ts'],
    ['src/server/modules/probe.ts', "import { ordersRoutes } from './orders/orders.routes';\nexport const x = ordersRoutes;\n", 'Import the orders module only through'],
    ['src/server/jobs.ts', "import { processMessage } from './modules/notifications/notifications.send';\nexport const x = processMessage;\n", 'Import the notifications module only through'],
    ['src/server/lib/probe.test.ts', "import { appendEvents } from '../modules/packages/packages.events';\nexport const x = appendEvents;\n", 'Import the packages module only through modules/packages/index.ts (or its test-support.ts)'],
    ['src/server/modules/orders/probe.test.ts', "import { slipHelpers } from '../delivery-slips/delivery-slips.service';\nexport const x = slipHelpers;\n", 'Import the delivery-slips module only through'],
  ])('%s importing across a layer fails lint (%#)', async (file, code, message) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it('a module importing lib, db and shared passes', async () => {
    const code = "import { currentLanguage } from '../../lib/request-language';\nimport { customers } from '../../db/schema/index';\nimport { foldVietnamese } from '../../../shared/text';\nexport const x = [currentLanguage, customers, foldVietnamese];\n";
    expect(await layerErrors('src/server/modules/customers/probe.ts', code)).toEqual([]);
  });

  it.each([
    ['src/server/modules/packages/probe.ts', "import { notifyPackageEvents } from '../notifications/index';\nexport const x = notifyPackageEvents;\n"],
    ['src/server/modules/packages/probe.ts', "import { packagesResource } from './packages.resource';\nexport const x = packagesResource;\n"],
    ['src/server/db/seed/probe.ts', "import { orderSearchText } from '../../modules/orders/index';\nexport const x = orderSearchText;\n"],
    ['src/server/modules/probe.ts', "import { ordersRoutes } from './orders/index';\nexport const x = ordersRoutes;\n"],
    ['src/server/lib/probe.test.ts', "import { mawbHelpers } from '../modules/mawbs/test-support';\nexport const x = mawbHelpers;\n"],
    ['src/server/modules/packages/probe.test.ts', "import { refreshStatus } from './packages.events';\nexport const x = refreshStatus;\n"],
  ])('%s importing a module through its index (or its own files) passes (%#)', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

// The modules' own import graph: module A depends on module B when a file of A (tests and test-support.ts, which
// only tests use, left out) imports a file of B. It has no cycle: what two modules both need lives in the lower one,
// and a lower module that must act on a higher one's data exposes a hook the higher one registers (packages'
// onPackageEvents, which the orders module fills).
const MODULES_DIR = path.join(ROOT, 'src/server/modules');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.[^']*)'/g;

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const names = readdirSync(MODULES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  for (const name of names) {
    const deps = new Set<string>();
    const files = readdirSync(path.join(MODULES_DIR, name), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && path.basename(f) !== 'test-support.ts')) {
      const abs = path.join(MODULES_DIR, name, file);
      for (const [, spec] of readFileSync(abs, 'utf8').matchAll(IMPORT)) {
        const [target, rest] = path.relative(MODULES_DIR, path.resolve(path.dirname(abs), spec!)).split(path.sep);
        if (target && rest && target !== '..' && target !== name) deps.add(target);
      }
    }
    graph.set(name, deps);
  }
  return graph;
}

/** Every cycle met by a depth-first walk, each as its path (a → b → a). */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) return void found.push([...trail.slice(at), node].join(' → '));
    if (done.has(node)) return;
    for (const next of [...(graph.get(node) ?? [])].sort()) walk(next, [...trail, node]);
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) walk(node, []);
  return found;
}

describe('server modules', () => {
  it('import each other without a cycle', () => {
    const graph = moduleGraph();
    expect(graph.get('orders')).toContain('packages');
    expect(cycles(graph)).toEqual([]);
  });

  it('a cycle in the module graph is found and named', () => {
    const graph = new Map([
      ['orders', new Set(['packages', 'transactions'])],
      ['packages', new Set(['notifications', 'orders'])],
      ['transactions', new Set(['notifications'])],
      ['notifications', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual(['orders → packages → orders']);
  });
});
