// Production build of the catalogue/cart harness (benches measure the minified React, as shipped).
// npx vite build --config test/ui/pos-catalogue-preview/vite.config.ts && npx vite preview --config …
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    // PREVIEW_OUT_DIR (set by test/ui/pos-catalogue-harness): one folder per run, so two worktrees'
    // benches do not build over each other's bundle.
    outDir: process.env.PREVIEW_OUT_DIR ?? '/tmp/serambi-pos-catalogue-preview',
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    // PROFILE=1: readable names in CPU profiles.
    minify: process.env.PROFILE !== '1',
  },
});
