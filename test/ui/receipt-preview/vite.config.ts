// Production build of the receipt harness (screens and the render bench measure the minified React).
// npx vite build --config test/ui/receipt-preview/vite.config.ts
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: { outDir: '/tmp/serambi-receipt-preview', emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
