import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Chunks are split by area: the student portal, lecturer and class-teacher ends load lazily
 * and never import management modules, so a student never downloads the back office.
 * The `manage` group gathers every management page, the management layout and the CRUD kernel.
 */
const MANAGE = /[\\/]src[\\/](modules[\\/][^\\/]+[\\/]manage|app[\\/]manage|platform[\\/]kernel)[\\/]/;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vendors first, so the management group never swallows libraries the portal needs.
            { name: 'react', priority: 30, test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'antd', priority: 20, test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs)[\\/]/ },
            { name: 'manage', priority: 10, test: MANAGE, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
