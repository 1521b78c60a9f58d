import { readFileSync } from 'node:fs';
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
        const app = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src-renderer/app/start.tsx')));
        if (!app) return [];
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const scripts = [app.fileName, ...app.imports].filter((file) => !byName.get(file)?.isEntry);
        // The explorer pages' styles too: a first frame the shell draws is one of them, and is shown before any
        // script has run (src-main/shell-common/firstFrame.ts), so its styles must come with the document.
        const pages = chunks.filter((chunk) => chunk.name === 'explorer');
        if (pages.length === 0) throw new Error('no explorer chunk: say in electron.vite.config.ts where the explorer pages are');
        const pageScripts = pages.flatMap((chunk) => [chunk.fileName, ...chunk.imports]);
        const styles = [...new Set([...scripts, ...pageScripts].flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])]))];
        return [
          ...scripts.map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' })),
          ...styles.map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' })),
        ];
      },
    },
  };
}

/**
 * Fails the build if a script would wait for another it must not: the first script for any (it runs as soon as it
 * is here, beside the app's), or the start for the explorer's pages (every window would fetch them first). The
 * chunk rules (`chunkName`, `WITH_THE_START`, `WITH_THE_PAGES`) place modules by the import graph and by name; a
 * module of the first script placed elsewhere makes the bundler split it out, and this catches it.
 */
function checkTheChunks(): Plugin {
  return {
    name: 'blockglass:check-the-chunks',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const pages = new Set(chunks.filter((chunk) => chunk.name === 'explorer').map((chunk) => chunk.fileName));
      for (const chunk of chunks) {
        const waits = chunk.isEntry ? chunk.imports : chunk.name === 'start' ? chunk.imports.filter((file) => pages.has(file)) : [];
        if (waits.length > 0) this.error(`${chunk.fileName} imports ${waits.join(', ')}: see chunkName in electron.vite.config.ts`);
      }
    },
  };
}

/**
 * The page's first script blocks the first paint until it has run (`blocking="render"`): a first frame drawn by the
 * shell is then first painted in its theme (src-renderer/main.ts). The bundler writes the script's tag anew, without
 * the attribute index.html gives it, so it is put back here.
 */
function blockTheFirstPaint(): Plugin {
  return {
    name: 'blockglass:block-the-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = Object.values(context.bundle ?? {}).find((output) => output.type === 'chunk' && output.isEntry);
        if (!entry) return html;
        const tag = `src="/${entry.fileName}"></script>`;
        if (html.split(tag).length !== 2) throw new Error(`index.html names its first script (${entry.fileName}) other than once: see blockTheFirstPaint in electron.vite.config.ts`);
        return html.replace(tag, `src="/${entry.fileName}" blocking="render"></script>`);
      },
    },
  };
}

/** Where index.html names the window's icon, and the file it names. */
const ICON_HREF = 'href="./favicon.png"';
const ICON_FILE = resolve(__dirname, 'src-renderer/favicon.png');

/**
 * The window's icon written into the page as a data: URL, not a file the page names. A Chromium window (the web
 * host's) downloads a page's icon again on every in-app navigation (history.pushState), through the renderer; each
 * download of an icon by URL leaves Blink's heap and its buffer partition a little bigger, without end (a bare page
 * navigated 2,400 times: its Blink heap 2 → 15 MiB; with its icon as a data: URL, flat after its first 600).
 * A data: URL is decoded where it is, with no download. Electron downloads no icon; the page is the same for both.
 */
function inlineTheIcon(): Plugin {
  return {
    name: 'blockglass:inline-the-icon',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(ICON_HREF)) throw new Error(`src-renderer/index.html no longer names its icon as ${ICON_HREF}: say where it is in electron.vite.config.ts`);
        return html.replace(ICON_HREF, `href="data:image/png;base64,${readFileSync(ICON_FILE).toString('base64')}"`);
      },
    },
  };
}

/** What a chunking rule may ask of the module graph. */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null };

/**
 * Library files taken into the start's and the pages' chunks by name. The first script imports viem's index (for
 * `isAddress`), so by the import graph it reaches all of viem and abitype, and a module it reaches is left to the
 * bundler (the first script must not wait for the app's script). The bundler, which sees what each script runs,
 * keeps what the first script runs in it and puts these few, which only the start or the pages run, in files of
 * their own: four more requests on a cold explorer page. `checkTheChunks` fails the build should the first script
 * ever run one of them.
 */
const WITH_THE_START = /[\\/]node_modules[\\/]viem[\\/]_esm[\\/]utils[\\/](unit[\\/](formatUnits|Value)|chain[\\/]defineChain)\.js$/;
const WITH_THE_PAGES = /[\\/]node_modules[\\/](abitype[\\/]|viem[\\/]_esm[\\/]utils[\\/]data[\\/]concat\.js$)/;

/**
 * Names two chunks by the module graph; every other module is left to the bundler.
 * - **start**: the app's start (app/start.tsx), every module it imports at any depth that the first script does
 *   not. Left to the bundler, the start was 26 files (React, then each component shared with a screen in a file of
 *   its own), fetched six at a time over HTTP/1.1 by a fresh page: about 130 ms of a cold page's 280 ms went on
 *   fetching them. Now it is one script and one stylesheet. The first script's modules stay out of it, so that
 *   script still runs without waiting for the app's.
 * - **explorer**: the explorer's pages (the block, transaction and address pages features/explorer/pageModules.ts
 *   loads on demand), with every module they import that the start does not. Left to the bundler, a page a link
 *   opens was 8 to 12 scripts and 3 to 5 stylesheets of a few hundred bytes each (each component shared with
 *   another screen in a file of its own): on a cold page, a link element per file in the first script, then a
 *   fetch and a compile each. Now the pages are one script and one stylesheet, fetched together. A screen that
 *   shares a component with them loads that script too (it is preloaded once the app is idle, DESIGN.md).
 */
function chunkName() {
  let early: Set<string> | undefined;
  let start: Set<string> | undefined;
  let explorer: Set<string> | undefined;
  const closure = (graph: ModuleGraph, ...from: string[]) => {
    const seen = new Set<string>();
    for (const stack = [...from]; stack.length > 0; ) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const renderer = (path: string) => resolve(__dirname, 'src-renderer', path);
  return (id: string, graph: ModuleGraph) => {
    early ??= closure(graph, renderer('main.ts'), renderer('boot.ts'));
    start ??= closure(graph, renderer('app/start.tsx'));
    if (!explorer) {
      const pages = graph.getModuleInfo(renderer('features/explorer/pageModules.ts'))?.dynamicallyImportedIds ?? [];
      if (pages.length === 0) throw new Error('src-renderer/features/explorer/pageModules.ts loads no page: say in electron.vite.config.ts where the explorer pages are');
      explorer = closure(graph, ...pages);
    }
    if (WITH_THE_START.test(id)) return 'start';
    if (early.has(id)) return explorer.has(id) && WITH_THE_PAGES.test(id) ? 'explorer' : null;
    if (start.has(id)) return 'start';
    return explorer.has(id) ? 'explorer' : null;
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
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-renderer/index.html') },
        // Captured modules only, not their imports too (the default), so the first script's stay out of it.
        output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunkName() }] } },
      },
    },
    plugins: [react(), preloadTheApp(), inlineTheIcon(), blockTheFirstPaint(), checkTheChunks()],
  },
});
