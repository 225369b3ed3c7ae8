import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The spec's two addresses: /creator/desktop/iframe.html and /creator/mobile/generator (served from
// mobile/generator.html). Relative asset links keep the pages working under LIKENESS_PUBLIC_URL's path.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // three.js is most of the viewer's chunk, which loads after persona_creator_loaded.
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      input: {
        desktop: resolve(import.meta.dirname, 'desktop/iframe.html'),
        mobile: resolve(import.meta.dirname, 'mobile/generator.html'),
      },
    },
  },
});
