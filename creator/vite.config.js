import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';

/** Brotli and gzip copies of the scripts and styles, which @fastify/static sends (preCompressed) to browsers that take them. */
const precompress = {
  name: 'likeness-precompress',
  apply: 'build',
  closeBundle() {
    const dir = join(import.meta.dirname, 'dist', 'assets');
    for (const name of readdirSync(dir).filter((n) => /\.(js|css)$/.test(n))) {
      const body = readFileSync(join(dir, name));
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
    }
  },
};

// The spec's two addresses: /creator/desktop/iframe.html and /creator/mobile/generator (served from
// mobile/generator.html). Relative asset links keep the pages working under LIKENESS_PUBLIC_URL's path.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  logLevel: 'warn',
  plugins: [precompress],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // The sample photos stay files of their own: inlined, their faces would weigh on the script before loaded.
    assetsInlineLimit: (file) => (file.includes('/samples/') ? false : undefined),
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
