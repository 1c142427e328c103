import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API base is the page's own origin unless VITE_API_BASE says otherwise.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: 'hidden', chunkSizeWarningLimit: 1500 },
  server: {
    proxy: { '/cashier': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
});
