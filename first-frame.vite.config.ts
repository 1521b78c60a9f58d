import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run build` writes the first frame's renderer (app/renderFirstFrame.tsx), which the shells load. */
export const FIRST_FRAME_OUT_DIR = resolve(__dirname, 'out/first-frame');

/**
 * The renderer's app built a second time, for Node: the shells (the web host, Electron's main process) draw a page's
 * first frame with it as they serve the page (src-main/shell-common/firstFrame.ts). One self-contained ES module
 * (React and every library inside, so it needs nothing from node_modules), React's production build, minified
 * (less for Node to compile as a shell loads it). Stylesheets are the window's: nothing of them is written here.
 */
export default defineConfig({
  root: resolve(__dirname, 'src-renderer'),
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  logLevel: 'warn',
  ssr: { noExternal: true },
  build: {
    ssr: resolve(__dirname, 'src-renderer/app/renderFirstFrame.tsx'),
    outDir: FIRST_FRAME_OUT_DIR,
    emptyOutDir: true,
    minify: true,
    rollupOptions: { output: { entryFileNames: 'renderFirstFrame.js', format: 'es' } },
  },
});
