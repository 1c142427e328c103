// Production build of the appointment calendar's bench page (bench/appointment-calendar.bench.ts): the
// minified React and Mantine as shipped. npx vite build --config bench/appointment-calendar/vite.config.ts
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: '/tmp/serambi-appointment-calendar-bench',
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    minify: process.env.PROFILE !== '1',
  },
});
