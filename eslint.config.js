// Lint rules, including the folder rules of DESIGN.md: a folder is a runtime, and the import
// zones below fail `npm run lint` when code reaches into a runtime it must not use.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
/** Globals only Node has: code that must run in a browser page may not read them. */
const NODE_GLOBALS = ['process', 'Buffer', 'global', '__dirname', '__filename', 'require', 'module', 'exports', 'setImmediate', 'clearImmediate'];

/**
 * npm packages that need Node (native addons, sockets, the file system): they may not be imported
 * where the code must run in a browser page (the renderer, and src-shared which the renderer uses).
 */
const nodeOnlyPackages = ['ws', 'libsql', '@napi-rs/keyring', 'busboy', 'undici', 'blockstore-fs', 'solc', 'kubo-rpc-client', 'esbuild', 'electron-vite', 'tsx', 'vite', 'fs-extra'];
const nodeOnlyGroups = ['@foundry-rs/*', '@napi-rs/*', 'ws/*', 'undici/*', 'blockstore-fs/*', 'libsql/*'];

/** `no-restricted-imports` options forbidding Node built-ins, Node-only packages and/or electron, with the reason. */
function forbid({ node = false, electron = false, why, also = [] }) {
  const paths = [
    ...also,
    ...(node ? [...nodeBuiltins, ...nodeOnlyPackages].map((name) => ({ name, message: why })) : []),
    ...(electron ? [{ name: 'electron', message: why }] : []),
  ];
  const patterns = [
    ...(node ? [{ group: ['node:*', ...nodeOnlyGroups], message: why }] : []),
    ...(electron ? [{ group: ['electron/*', '@electron/*'], message: why }] : []),
  ];
  return ['error', { paths, patterns }];
}

/** A regex source matching a module name exactly, for esquery selectors. */
const exactly = (names) => `/^(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\/@-]/g, '\\$&')).join('|')})$/`;

/**
 * `no-restricted-syntax` selectors for what `no-restricted-imports` does not see: `import('fs')`,
 * `require('electron')`, and for Node also the type-level ways in (`typeof import('node:fs')`,
 * `declare module 'fs'`) and Node's globals read through `globalThis`, with the reason.
 */
function forbidDynamic({ node = false, electron = false, why }) {
  const names = [...(node ? [...nodeBuiltins, ...nodeOnlyPackages] : []), ...(electron ? ['electron'] : [])];
  const pattern = exactly(names);
  const prefixes = [...(node ? ['node:', '@foundry-rs/', '@napi-rs/'] : []), ...(electron ? ['electron/', '@electron/'] : [])];
  const prefixPattern = `/^(${prefixes.map((prefix) => prefix.replace(/[/@-]/g, '\\$&')).join('|')})/`;
  return [
    'error',
    { selector: `ImportExpression[source.value=${pattern}]`, message: why },
    { selector: `ImportExpression[source.value=${prefixPattern}]`, message: why },
    { selector: `CallExpression[callee.name='require'][arguments.0.value=${pattern}]`, message: why },
    { selector: `CallExpression[callee.name='require'][arguments.0.value=${prefixPattern}]`, message: why },
    ...(node
      ? [
          { selector: `TSImportType[source.value=${pattern}]`, message: why },
          { selector: `TSImportType[source.value=${prefixPattern}]`, message: why },
          { selector: `TSModuleDeclaration[id.value=${pattern}]`, message: why },
          { selector: `TSModuleDeclaration[id.value=${prefixPattern}]`, message: why },
          { selector: `MemberExpression[object.name='globalThis'][property.name=${exactly(NODE_GLOBALS)}]`, message: why },
          // A module name the linter cannot read (`import(name)`) could be anything: name it literally.
          { selector: 'ImportExpression[source.type!="Literal"][source.type!="TemplateLiteral"]', message: `${why} (import() needs a literal module name here, so the rule can check it)` },
        ]
      : []),
  ];
}

/**
 * The rules of a folder whose code runs in a browser page (src-renderer, and src-shared which it uses): no
 * Node and no electron, whether imported, required, named in a type, read as a global or brought in by a
 * `/// <reference types="node" />` comment (which would undo the folder's tsconfig, `types: []`).
 */
function browserOnly(why, also = []) {
  return {
    'no-restricted-imports': forbid({ node: true, electron: true, why, also }),
    'no-restricted-syntax': forbidDynamic({ node: true, electron: true, why }),
    'no-restricted-globals': ['error', ...NODE_GLOBALS.map((name) => ({ name, message: why }))],
    '@typescript-eslint/triple-slash-reference': ['error', { lib: 'never', path: 'never', types: 'never' }],
  };
}

/** An import-x zone: files in `target` may not import from `from`. */
const zone = (target, from, message) => ({ target, from, message });

// ── The renderer's features (DESIGN.md: features share through components/, queries/ and lib/, never each other) ──

/**
 * The feature folders that make the app's frame, drawn once by app/App.tsx around every screen: the sidebar and top
 * bar, the network switcher, the search box, the theme. Every other folder of src-renderer/features/ is a screen.
 */
const RENDERER_FRAME_FEATURES = ['frame', 'network', 'search', 'theme'];

/** Where what two features share lives: the folders below the features, which import none of them. */
const RENDERER_SHARED = ['components', 'hooks', 'queries', 'state', 'lib', 'api'];

/**
 * One zone per feature folder, made from the folders there are (a new screen is zoned without an edit here): a
 * screen imports no other feature, neither a screen nor the frame's; the frame's pieces use each other (the top bar
 * holds the network switcher and the search box) but no screen. Only app/ (the routes and the frame's layout)
 * imports features; the shared folders import none.
 */
function rendererFeatureZones() {
  const root = './src-renderer/features';
  const features = readdirSync(new URL(root, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const screens = features.filter((name) => !RENDERER_FRAME_FEATURES.includes(name));
  const moveDown = `what two features share moves down into ${RENDERER_SHARED.map((name) => `${name}/`).join(', ')} (DESIGN.md)`;
  const featureZones = features.flatMap((name) => {
    const frame = RENDERER_FRAME_FEATURES.includes(name);
    const others = (frame ? screens : features).filter((other) => other !== name).map((other) => `${root}/${other}`);
    const rule = frame
      ? `features/${name} is part of the app's frame: it may use the frame's other pieces (${RENDERER_FRAME_FEATURES.join(', ')}) but no screen's feature;`
      : `features/${name} is a screen: it may not import another feature, neither a screen nor the frame's (${RENDERER_FRAME_FEATURES.join(', ')});`;
    return others.length > 0 ? [zone(`${root}/${name}`, others, `${rule} ${moveDown}.`)] : [];
  });
  const sharedZone = zone(
    RENDERER_SHARED.map((name) => `./src-renderer/${name}`),
    root,
    `${RENDERER_SHARED.map((name) => `${name}/`).join(', ')} are below the features and import none of them: only app/ imports features.`,
  );
  return [...featureZones, sharedZone];
}

/** The folder rules of DESIGN.md: which runtime folder may import which. */
const FOLDER_ZONES = [
  zone('./src-shared', './src-main', 'src-shared is pure and shared: it may not import main-process code.'),
  zone('./src-shared', './src-renderer', 'src-shared is pure and shared: it may not import renderer code.'),
  zone('./src-shared', './src-sandbox', 'src-shared is pure and shared: it may not import sandbox code.'),
  zone('./src-renderer', './src-main', 'The renderer reaches main only through the API contract, never by import.'),
  zone('./src-renderer', './src-sandbox', 'The renderer may not import sandbox code.'),
  zone('./src-main/services', './src-main/electron', 'Services are transport-agnostic: no Electron shell imports.'),
  zone('./src-main/services', './src-main/web', 'Services are transport-agnostic: no web-host imports.'),
  zone('./src-main', './src-renderer', 'Main-process code may not import renderer code.'),
  zone('./src-main', './src-sandbox', 'The app talks to the sandbox over the network, as to the hosted service; it starts it as a process.'),
  zone('./src-main/web', './src-main/electron', 'The web host and the Electron shell are separate transports.'),
  zone('./src-main/shell-common', './src-main/electron', 'src-main/shell-common is shared by both shells: it may not import either of them.'),
  zone('./src-main/shell-common', './src-main/web', 'src-main/shell-common is shared by both shells: it may not import either of them.'),
  zone('./src-main/services', './src-main/shell-common', 'Services are transport-agnostic: no shell code, not even the shells\' common part.'),
  zone('./src-main/electron', './src-main/web', 'The web host and the Electron shell are separate transports.'),
  zone('./src-sandbox', './src-main', 'The sandbox is a separate program: it may not import app code.'),
  zone('./src-sandbox', './src-renderer', 'The sandbox is a separate program: it may not import app code.'),
  // src-node: Node code both Node programs use (the app's main process and the sandbox), such as the process guard.
  zone('./src-node', './src-main', 'src-node is shared by the app and the sandbox: it may not import either of them.'),
  zone('./src-node', './src-sandbox', 'src-node is shared by the app and the sandbox: it may not import either of them.'),
  zone('./src-node', './src-renderer', 'src-node is Node code: it may not import renderer code.'),
  zone('./src-shared', './src-node', 'src-shared runs on both sides: it may not import Node code.'),
  zone('./src-renderer', './src-node', 'The renderer is a browser page: it may not import Node code.'),
  ...rendererFeatureZones(),
];

/**
 * Layers in main (DESIGN.md): a screen's service uses only what is below it (rpc, chains, decoding, store,
 * errors, files), never another screen's service nor the app's own plumbing (networks, secrets, settings, the
 * sandbox launcher, the API door, the composition root). What two screens need moves down into one of those;
 * what one needs of another (history reading the explorer's cached blocks) is handed in by app/createAppServices
 * as an interface declared below (`chains/blockReader.ts`). Production code only: a test may build any service
 * it needs as a fixture.
 */
const SCREEN_SERVICES = ['explorer', 'logs', 'call', 'gas', 'content', 'history', 'trace'];
const NOT_BELOW_A_SCREEN = ['networks', 'secrets', 'settings', 'sandbox', 'api', 'app'];
const SERVICE_ZONES = SCREEN_SERVICES.map((screen) =>
  zone(
    `./src-main/services/${screen}`,
    [...SCREEN_SERVICES.filter((other) => other !== screen), ...NOT_BELOW_A_SCREEN].map((other) => `./src-main/services/${other}`),
    `A screen's service (${screen}) uses only what is below it: rpc, chains, decoding, store, errors, files. Move what two screens share down into one of those; take another screen's reads as an interface the app hands in.`,
  ),
);

/**
 * Where test code may be imported: tests, test helpers (in `testing/` folders and test-support/), the journeys,
 * the benchmarks, vitest's configs and setups, and the README's screenshot harness (it drives the app like a
 * journey, a Starknet call against test-support's spec responder). Everything else ships or launches the app.
 */
const TEST_CODE_USERS = ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', '**/testing/**', 'test-support/**', 'e2e/**', 'bench/**', 'vitest.*.ts', 'scripts/screenshots.ts'];

/** Test code, which nothing else may import: it fakes, spies and cuts corners that production code must not. */
const TEST_CODE_ZONES = [
  zone('.', ['**/testing/**', 'test-support/**'], 'Only tests may import test code (a testing/ folder, test-support/): move what production needs out of it.'),
  zone('.', './src-renderer/api/createFakeApiClient.ts', 'Only tests may import the fake API client: the app gets its client from connectApi().'),
];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', '.scratch/', '.sandbox-data/', '.app-data/', 'test-results/', 'playwright-report/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Resolve extensionless TypeScript imports, so the zones see every import.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: FOLDER_ZONES }],
    },
  },
  {
    // Production code (everything but the test code's users) may not import test code either.
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    ignores: TEST_CODE_USERS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...FOLDER_ZONES, ...TEST_CODE_ZONES, ...SERVICE_ZONES] }] },
  },
  {
    // Plain JavaScript: Node scripts and configs.
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src-shared/**'],
    rules: browserOnly('src-shared runs on both sides: no Node built-ins, no Node-only packages, no electron (Node code both the app and the sandbox use lives in src-node).'),
  },
  {
    files: ['src-shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off', 'no-restricted-globals': 'off' },
  },
  {
    files: ['src-renderer/**'],
    rules: browserOnly('The renderer is a browser page: no Node built-ins, no Node-only packages, no electron; use the API client.', [
      { name: 'wouter', importNames: ['Link'], message: "Use components/Link: wouter's Link reads the location in every link, which every navigation then draws again." },
    ]),
  },
  {
    // React's rules of hooks, and the React Compiler's checks (refs read while rendering, state set in effects,
    // impure renders…), all as errors: each is a bug review once had to catch by eye.
    files: ['src-renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: Object.fromEntries(Object.keys(reactHooks.configs['recommended-latest'].rules).map((rule) => [rule, 'error'])),
  },
  {
    files: ['src-main/services/**', 'src-main/web/**', 'src-main/shell-common/**', 'src-sandbox/**', 'src-node/**'],
    rules: {
      'no-restricted-imports': forbid({ electron: true, why: 'Only src-main/electron may import electron.' }),
      'no-restricted-syntax': forbidDynamic({ electron: true, why: 'Only src-main/electron may import electron.' }),
    },
  },
);
