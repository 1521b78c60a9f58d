import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The page's first script (src-renderer/main.tsx) is small: it connects and asks for the screen's data, then
 * imports the app (app/start.tsx). Named in the page's head, the app's script and styles are fetched at once,
 * beside the first script, instead of after it has run.
 */
function preloadTheApp(): Plugin {
  return {
    name: 'blockglass:preload-the-app',
    // electron-vite sets a relative base ('./') for production builds, whatever this config says: a deep link
    // such as /explorer/block/171 then loads /explorer/block/assets/…, a different URL (and module) per path,
    // never shared with the preloads named here. Both shells serve the build at /, so the base is '/'.
    config: { order: 'post', handler: () => ({ base: '/' }) },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src-renderer/app/start.tsx'));
        if (!app) return [];
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const scripts = [app.fileName, ...app.imports].filter((file) => !byName.get(file)?.isEntry);
        const styles = [...new Set(scripts.flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])]))];
        return [
          ...scripts.map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' })),
          ...styles.map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' })),
        ];
      },
    },
  };
}

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
    plugins: [react(), preloadTheApp()],
  },
});
