import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    manifest: true,
    rolldownOptions: {
      output: {
        // ECharts (only the dashboards import it) split in parallel-loaded chunks, none over the route chunk budget.
        codeSplitting: {
          groups: [
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
