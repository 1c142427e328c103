import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Source folders whose modules have no side effects at import (see build.rolldownOptions.treeshake). */
const PURE_SOURCES = /\/src\/((domain|api|events|projections|machines)\/|ui\/app\/[^/]+\.ts$)/;

// The API base is the page's own origin unless VITE_API_BASE says otherwise.
// Pages load by route (src/ui/app/route-pages.tsx); dist/.vite/manifest.json maps each source to its
// chunks for the size budgets (scripts/check-bundle-budget.mjs). The offline worker (src/ui/sw.ts) is
// built by vite-plugin-pwa with the list of every emitted file to precache.
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/ui',
      filename: 'sw.ts',
      // Registered by src/ui/app/offline-worker.ts (the 'System update!' alert), no web manifest.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // html5-qrcode's chunk is the largest file; keep room for it.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // 'hidden': maps are written without a sourceMappingURL; the server serves them only in development
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      // Our rule, model and storage modules only declare things (schemas, functions, constants), so an
      // unused one is dropped even though building a zod schema at the top level looks like a side
      // effect; otherwise the barrels (src/domain/index.ts) pull every rule into every page.
      treeshake: { moduleSideEffects: (id: string) => (PURE_SOURCES.test(id) ? false : undefined) },
    },
  },
  server: {
    proxy: { '/cashier': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
});
