// Builds the renderer (src/renderer) into dist/renderer, which both hosts load: Electron from
// disk (hence the relative base) and the browser host over HTTP. Unit tests use vitest.config.ts,
// which vitest prefers over this file, so the two do not interfere.
import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./src/renderer', import.meta.url)),
  base: './',
  plugins: [vue()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
  },
});
