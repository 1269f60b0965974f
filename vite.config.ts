import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
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
