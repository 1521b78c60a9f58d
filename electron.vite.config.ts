import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// Main and preload come from src-main/electron; the preload is CommonJS so that it can run in a
// sandboxed renderer (sandboxed preloads cannot be ES modules). The renderer is rooted at src-renderer.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/electron/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    // Absolute asset URLs, so a deep link such as /settings/networks loads /assets/… (both shells serve the build at /).
    base: '/',
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified by default: its entry chunk was 740 kB of JavaScript to parse
      // on every cold start (a window opened, the web host in a fresh tab); minified it is under 300 kB.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
    plugins: [react()],
  },
});
