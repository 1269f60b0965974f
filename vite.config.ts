import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { criticalCss } from './scripts/critical-css';
import { STATIC_LOGIN_FILE } from './src/shared/static-login';

/**
 * Every text asset of the build is also written brotli- and gzip-compressed beside itself (`x.js.br`, `x.js.gz`),
 * once, at the highest levels; the server picks one by Accept-Encoding and never compresses a file per request.
 * Files under 1 KiB are left alone (the headers would cost more than the saving).
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return {
    name: 'cargo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        // The static sign-in page is the server's to fill in per request: never sent as it is.
        if (path.basename(file) === STATIC_LOGIN_FILE) continue;
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * What the first screen most visits see (the sign-in form) needs beyond the entry: its layout and screen chunks,
 * their static imports and CSS, and the default language's strings it waits for. Named in index.html, they load
 * beside the entry instead of after it (entry → route chunks → strings was a chain of three round trips).
 * Everything here is small (a few KB), so a visit to another page pays little for it.
 */
const FIRST_SCREEN_MODULES = [
  'src/web/layouts/auth-layout.tsx',
  'src/web/features/auth/login-page.tsx',
  'src/web/i18n/vi/common.json',
  'src/web/i18n/vi/shell.json',
  'src/web/i18n/vi/auth.json',
];

function firstScreenPreload(): Plugin {
  return {
    name: 'cargo-first-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (chunk: OutputChunk, seen: Set<string>) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const f of chunk.imports) closure(byFile.get(f)!, seen);
        };
        const inEntry = new Set<string>();
        for (const c of chunks) if (c.isEntry) closure(c, inEntry);
        const wanted = new Set<string>();
        for (const id of FIRST_SCREEN_MODULES) {
          const chunk = chunks.find((c) => c.moduleIds.some((m) => m.replace(/\\/g, '/').endsWith(id)));
          if (!chunk) throw new Error(`first-screen preload: no chunk for ${id}`);
          closure(chunk, wanted);
        }
        const files = [...wanted].filter((f) => !inEntry.has(f));
        const css = [...new Set(files.flatMap((f) => [...(byFile.get(f)!.viteMetadata?.importedCss ?? [])]))];
        const links = [
          ...files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
          ...css.filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
        ];
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * The document the server sends for /auth/login: the built index.html with the sign-in screen already in it as
 * static HTML, rendered here from the real AuthLayout and LoginPage in both languages
 * (src/web/app/static-login-page.tsx), so it looks exactly like the app's screen and cannot drift from it. The
 * browser shows the form before any script; the app's LoginPage takes it over when it mounts.
 */
function staticLoginPage(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'cargo-static-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After index.html is written (with its scripts, styles and preloads), before closeBundle's compression.
    async writeBundle() {
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const mod = (await server.ssrLoadModule(path.join(root, 'app/static-login-page.tsx'))) as typeof import('./src/web/app/static-login-page');
        const build = await mod.renderStaticLogin(readFileSync(path.join(outDir, 'index.html'), 'utf8'));
        const css = mod.stylesheetsOf(build).map((file) => readFileSync(path.join(outDir, file), 'utf8'));
        const critical = criticalCss(css.join('\n'), mod.criticalCssDocument(build));
        writeFileSync(path.join(outDir, STATIC_LOGIN_FILE), JSON.stringify(mod.withCriticalCss(build, critical)));
      } finally {
        await server.close();
      }
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), firstScreenPreload(), staticLoginPage(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // No modulepreload polyfill in the entry: Chromium, Edge, Firefox 115+ and Safari 17+ preload natively; an older
    // browser still runs everything, it only fetches a route's chunks when it needs them (0.3 KB gzip of the entry).
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    manifest: true,
    rolldownOptions: {
      output: {
        // ECharts (only the dashboards import it) split in parallel-loaded chunks, none over the route chunk budget.
        codeSplitting: {
          groups: [
            // React and its DOM renderer: every screen's first chunk, kept apart so the entry stays under the chunk budget.
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'zrender', test: /[\\/]node_modules[\\/]zrender[\\/]/ },
            { name: 'echarts-charts', test: /[\\/]node_modules[\\/]echarts[\\/]lib[\\/]chart[\\/]/ },
            { name: 'echarts-components', test: /[\\/]node_modules[\\/]echarts[\\/]lib[\\/]component[\\/]/ },
            { name: 'echarts', test: /[\\/]node_modules[\\/]echarts[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
