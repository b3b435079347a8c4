import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/ and the layers each may import: the one statement of the architecture that a
 * machine checks (docs/architecture.md explains each line). A layer is a folder of src/ or one of its
 * top-level modules; an import that reaches a layer not listed here is a lint error. `store/store` is
 * the store's contract (its interface, input types and errors) without either implementation.
 */
export const LAYERS = {
  emoji: [],
  net: [],
  catalogue: ['emoji'],
  store: ['catalogue', 'project-files'],
  service: ['catalogue', 'store'],
  // Who may write (decisions §17): principals, scopes, passwords and tokens over the store's access contract only.
  access: ['store/access'],
  ratelimit: ['net', 'config'],
  web: ['catalogue', 'emoji', 'project-files'],
  // Webhook delivery is a service over the store's outbox, not an HTTP concern: it reads the change
  // log and the endpoints (the store's contract and its webhook tables) and POSTs with node:http.
  webhooks: ['catalogue', 'store'],
  // Insights (decisions §21): counting in memory, flushed to the store's insight tables, and the reports over them.
  insights: ['store/insights'],
  // The admin routes manage endpoints through the webhooks layer (its URL checks, secrets, test events);
  // the console keeps its sessions through the store's session contract.
  http: ['access', 'catalogue', 'emoji', 'insights', 'net', 'ratelimit', 'service', 'store/store', 'store/access', 'store/sessions', 'store/insights', 'web', 'webhooks', 'config', 'project-files'],
  cluster: ['http', 'ratelimit', 'config'],
  app: ['access', 'http', 'insights', 'ratelimit', 'service', 'webhooks', 'config'],
  // The Redis limiter and stream seats are imported on demand, only when REDIS_URL is set.
  server: ['access', 'app', 'cluster', 'insights', 'ratelimit', 'service', 'store', 'webhooks', 'config', 'v8-tuning', 'open-store'],
  // Opens the configured store: shared by the server and the command line.
  'open-store': ['store', 'config'],
  // Backup files (decisions §20): gzip JSON Lines, age encryption, over the store's state contract.
  backup: ['store'],
  // `npm run operator`: operators managed from a terminal, through the same service as the admin API;
  // `npm run backup` and `npm run restore`: the backup files of the configured store.
  cli: ['access', 'backup', 'store', 'config', 'open-store'],
  config: [],
  'project-files': [],
  'v8-tuning': [],
};

const FOLDERS = Object.keys(LAYERS).filter((layer) => !['app', 'server', 'config', 'project-files', 'v8-tuning', 'open-store'].includes(layer));
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What an import may not name from `depth` folders below src/: every layer the table does not allow. */
function forbiddenFrom(layer, depth) {
  const up = depth === 0 ? '\\./' : `(\\.\\./){${depth}}`;
  const allowed = LAYERS[layer];
  return Object.keys(LAYERS)
    .filter((other) => other !== layer && !allowed.includes(other))
    .map((other) => {
      const target = FOLDERS.includes(other) ? `${escape(other)}/` : `${escape(other)}\\.js$`;
      // A layer allowed only in part (store/store) is forbidden everywhere else in its folder.
      const partial = allowed.filter((entry) => entry.startsWith(`${other}/`)).map((entry) => `(?!${escape(entry.slice(other.length + 1))}\\.js$)`);
      return {
        regex: `^${up}${target}${partial.join('')}`,
        message: `the ${layer} layer may not import ${other}${partial.length ? ' beyond its contract' : ''} (the layer table in eslint.config.js, explained in docs/architecture.md)`,
      };
    });
}

/**
 * The rules refusing `forbidden` in static imports and in `import()` (which no-restricted-imports does
 * not see). A selector's regular expression may hold no slash, so each is written as \x2F.
 */
function refusing(forbidden) {
  const dynamic = forbidden.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message }));
  return { 'no-restricted-imports': ['error', { patterns: forbidden }], 'no-restricted-syntax': ['error', ...dynamic] };
}

/** One block per layer and folder depth, since a relative import names its target by how far up it goes. */
const layerRules = Object.keys(LAYERS).flatMap((layer) => {
  if (!FOLDERS.includes(layer)) return [{ files: [`src/${layer}.ts`], rules: refusing(forbiddenFrom(layer, 0)) }];
  return [1, 2, 3, 4].map((depth) => ({ files: [`src/${layer}/${'*/'.repeat(depth - 1)}*.ts`], rules: refusing(forbiddenFrom(layer, depth)) }));
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'artifacts/', 'data/', 'clients/typescript/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...layerRules,
  {
    files: ['src/**/*.ts'],
    ignores: ['src/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'only src/config.ts reads the environment' }],
    },
  },
  {
    files: ['src/web/assets/**/*.js'],
    languageOptions: {
      globals: { document: 'readonly', window: 'readonly', fetch: 'readonly', location: 'readonly', HTMLElement: 'readonly', URLSearchParams: 'readonly', encodeURIComponent: 'readonly', AbortController: 'readonly' },
    },
  },
);
