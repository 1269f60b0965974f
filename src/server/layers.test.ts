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
  ])('%s importing across a layer fails lint (%#)', async (file, code, message) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it('a module importing lib, db and shared passes', async () => {
    const code = "import { currentLanguage } from '../../lib/request-language';\nimport { customers } from '../../db/schema/index';\nimport { foldVietnamese } from '../../../shared/text';\nexport const x = [currentLanguage, customers, foldVietnamese];\n";
    expect(await layerErrors('src/server/modules/customers/probe.ts', code)).toEqual([]);
  });
});
