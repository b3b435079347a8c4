import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { AccessService } from '../../src/access/access-service.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { HIDDEN_ROUTES } from '../../src/http/contract/openapi.js';
import { MAX_HEADER_BYTES } from '../../src/http/connection/server-options.js';
import { MemoryRateLimiter } from '../../src/ratelimit/memory-limiter.js';
import { CatalogueService } from '../../src/service/catalogue-service.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { StoreUnavailableError, type Store } from '../../src/store/store.js';
import { ADMIN_TOKEN } from '../support/admin.js';
import { slotFields, SMALL_CATALOGUE } from '../support/fixtures.js';
import { appRoutes, documentedOperations, operationOf, send, type DocumentedOperation, type OpenApiDocument, type WireResponse } from '../support/openapi.js';

/**
 * The document tells the truth: real requests to a listening server (so the fast path answers
 * the routes it takes), one or more for every documented answer of every operation, each checked
 * against what the document says for its status: the body against the schema (JSON Schema
 * 2020-12), the media type, every header it promises. An answer whose status the operation does
 * not document fails, and so does a documented answer no sample produces.
 *
 * To cover a new operation, add its samples to SAMPLES; the 401, 429 and 431 every operation of
 * its kind shares are sampled for it by the test itself.
 */

interface Sample {
  readonly operationId: string;
  readonly status: number;
  /** The request target; `{asset}` stands for a real asset name. */
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON value sent as application/json, or raw text with the given headers. */
  readonly json?: unknown;
  readonly text?: string;
  /** Which server answers: the normal one, one whose limit is spent, one whose database and Redis are down, the console's own. */
  readonly server?: 'normal' | 'limited' | 'broken' | 'console';
  /** Console samples: whose session cookie goes along (and whose CSRF token goes in `form` and `upload`). */
  readonly session?: ConsoleSession;
  /** A console form, urlencoded, with the session's CSRF token added; a function reads what the sample before answered. */
  readonly form?: Readonly<Record<string, string>> | ((previous: string) => Readonly<Record<string, string>>);
  /** A console upload: this text as the file of a multipart form, with the session's CSRF token. */
  readonly upload?: string;
  /** Admin credentials are sent unless this is false; `read` sends a read-scope API token instead of ADMIN_TOKEN. */
  readonly auth?: boolean | 'read';
}

/** The console's operators on the console server, and the sessions the samples use. */
type ConsoleSession = 'owner' | 'editor' | 'spare';
const CONSOLE_PASSWORD = 'contract console password';
const CONSOLE_OPERATORS: Readonly<Record<ConsoleSession, { readonly name: string; readonly role: 'owner' | 'editor' }>> = {
  owner: { name: 'contract-console', role: 'owner' },
  editor: { name: 'contract-editor', role: 'editor' },
  spare: { name: 'contract-spare', role: 'owner' },
};
const CONSOLE_SLOT = {
  name: 'Contract Console Slot',
  slug: 'contract-console-slot',
  provider: 'Contract Gaming',
  rtp: '96.2',
  volatility: 'High',
  maxWin: '5000',
  emojiTags: '🍒 🍋',
  theme: 'fruit',
  features: 'free spins',
  description: 'A slot the contract test makes.',
  review: 'Fine.',
  rating: '4.1',
  pros: 'Simple',
  cons: 'Plain',
};
const lastValue = (name: string) => (previous: string) => ({ [name]: /name="version" value="(\d+)"/.exec(previous)?.[1] ?? '' });
const newestVersion = (previous: string) => ({ version: /id="version-(\d+)"/.exec(previous)?.[1] ?? '' });
const confirmation = (previous: string) => ({
  import: /name="import" value="([^"]+)"/.exec(previous)?.[1] ?? '',
  sequence: /name="sequence" value="([^"]+)"/.exec(previous)?.[1] ?? '',
  hash: /name="hash" value="([^"]+)"/.exec(previous)?.[1] ?? '',
});
/** A webhook endpoint as the console's form sends it; the discard port, so a test event records a refused connection. */
const CONSOLE_HOOK = { url: 'http://127.0.0.1:9/console-hooks', events: 'slot.upserted', description: 'contract console' };
const consoleSample = (operationId: string, status: number, url: string, more: Partial<Sample> = {}): Sample => ({ operationId, status, url, server: 'console', session: 'owner', ...more });
/** Every console operation's own answers, in an order that makes each: slot 6 is made, renamed, its old slug taken by slot 7. */
const CONSOLE_SAMPLES: readonly Sample[] = [
  consoleSample('consoleSignInPage', 200, '/admin/sign-in?next=%2Fadmin%2Faudit'),
  consoleSample('consoleOverview', 200, '/admin'),
  consoleSample('consoleSlots', 200, '/admin/slots?q=cherry'),
  consoleSample('consoleSlots', 400, '/admin/slots?minRtp=97&maxRtp=96'),
  consoleSample('consoleNewSlotPage', 200, `/admin/slots/new?emojis=${encodeURIComponent('🍒💎')}`),
  consoleSample('consoleEditSlotPage', 200, '/admin/slots/1/edit'),
  consoleSample('consoleEditSlotPage', 404, '/admin/slots/999/edit'),
  consoleSample('consoleDeleteSlotPage', 200, '/admin/slots/1/delete'),
  consoleSample('consoleDeleteSlotPage', 404, '/admin/slots/999/delete'),
  consoleSample('consoleSlotHistory', 404, '/admin/slots/999/history'),
  consoleSample('consoleCategories', 200, '/admin/categories'),
  consoleSample('consoleExport', 200, '/admin/catalogue'),
  consoleSample('consoleExportDownload', 200, '/admin/catalogue.json'),
  consoleSample('consoleImportPage', 200, '/admin/import'),
  consoleSample('consoleAudit', 200, '/admin/audit?actor=contract-console&action=slot.replace'),
  consoleSample('consoleAudit', 400, '/admin/audit?since=yesterday'),
  consoleSample('consoleInsights', 200, '/admin/insights'),
  consoleSample('consoleOperators', 200, '/admin/operators'),
  consoleSample('consoleTokens', 200, '/admin/tokens'),
  consoleSample('consoleWebhooks', 200, '/admin/webhooks'),
  // Without a session: signing in ends the session the browser held before.
  consoleSample('consoleSignIn', 303, '/admin/sign-in', { session: undefined, form: { name: 'contract-console', password: CONSOLE_PASSWORD } }),
  ...Array.from({ length: 5 }, () => consoleSample('consoleSignIn', 401, '/admin/sign-in', { session: undefined, form: { name: 'contract-locked', password: 'not the password' } })),
  consoleSample('consoleSignIn', 429, '/admin/sign-in', { session: undefined, form: { name: 'contract-locked', password: 'not the password' } }),
  consoleSample('consoleCreateSlot', 200, '/admin/slots/new', { form: { ...CONSOLE_SLOT, intent: 'find-emojis', emojiQuery: 'cherry' } }),
  consoleSample('consoleCreateSlot', 303, '/admin/slots/new', { form: CONSOLE_SLOT }),
  consoleSample('consoleCreateSlot', 400, '/admin/slots/new', { form: { ...CONSOLE_SLOT, rtp: '101' } }),
  consoleSample('consoleCreateSlot', 409, '/admin/slots/new', { form: CONSOLE_SLOT }),
  consoleSample('consoleSaveSlot', 200, '/admin/slots/6/edit', { form: { ...CONSOLE_SLOT, intent: 'find-emojis', emojiQuery: 'lemon' } }),
  consoleSample('consoleSaveSlot', 303, '/admin/slots/6/edit', { form: { ...CONSOLE_SLOT, slug: 'contract-console-renamed' } }),
  consoleSample('consoleSaveSlot', 400, '/admin/slots/6/edit', { form: { ...CONSOLE_SLOT, rating: '9' } }),
  consoleSample('consoleSaveSlot', 404, '/admin/slots/999/edit', { form: CONSOLE_SLOT }),
  consoleSample('consoleSaveSlot', 409, '/admin/slots/6/edit', { form: { ...CONSOLE_SLOT, version: '1' } }),
  consoleSample('consoleCreateSlot', 303, '/admin/slots/new', { form: { ...CONSOLE_SLOT, name: 'Contract Squatter' } }),
  consoleSample('consoleSlotHistory', 200, '/admin/slots/6/history'),
  consoleSample('consoleRestoreSlot', 409, '/admin/slots/6/restore', { form: lastValue('version') }),
  consoleSample('consoleSlotHistory', 200, '/admin/slots/6/history'),
  consoleSample('consoleRestoreSlot', 303, '/admin/slots/6/restore', { form: newestVersion }),
  consoleSample('consoleRestoreSlot', 404, '/admin/slots/6/restore', { form: { version: '999999' } }),
  consoleSample('consoleDeleteSlot', 409, '/admin/slots/6/delete', { form: { version: '1' } }),
  consoleSample('consoleDeleteSlot', 303, '/admin/slots/3/delete', { form: {} }),
  consoleSample('consoleDeleteSlot', 404, '/admin/slots/999/delete', { form: {} }),
  consoleSample('consoleSaveCategories', 303, '/admin/categories', { form: { categories: 'luck: 🍀 🎲 🎰' } }),
  consoleSample('consoleSaveCategories', 400, '/admin/categories', { form: { categories: 'no colon here' } }),
  consoleSample('consoleImportPreview', 400, '/admin/import', { upload: '{"slots": [' }),
  // Only the announced length is sent: the console refuses it before reading 200 MB.
  consoleSample('consoleImportPreview', 413, '/admin/import', { headers: { 'content-type': 'multipart/form-data; boundary=contract', 'content-length': '200000000' } }),
  consoleSample('consoleImportPreview', 200, '/admin/import', { upload: JSON.stringify(SMALL_CATALOGUE) }),
  consoleSample('consoleImportConfirm', 200, '/admin/import/confirm', { form: confirmation }),
  consoleSample('consoleImportConfirm', 409, '/admin/import/confirm', { form: { import: 'x', sequence: '0', hash: '' } }),
  consoleSample('consoleAddOperator', 200, '/admin/operators', { form: { name: 'contract-new', role: 'editor', password: CONSOLE_PASSWORD } }),
  consoleSample('consoleAddOperator', 400, '/admin/operators', { form: { name: 'Not A Name', role: 'editor', password: CONSOLE_PASSWORD } }),
  consoleSample('consoleChangeOperator', 200, '/admin/operators/contract-new/disable', { form: {} }),
  consoleSample('consoleChangeOperator', 400, '/admin/operators/contract-new/role', { form: { role: 'root' } }),
  consoleSample('consoleChangeOperator', 404, '/admin/operators/nobody/disable', { form: {} }),
  consoleSample('consoleSetPassword', 200, '/admin/operators/password', { form: { name: 'contract-new', password: 'contract password 456' } }),
  consoleSample('consoleSetPassword', 400, '/admin/operators/password', { form: { name: 'contract-new', password: 'short' } }),
  consoleSample('consoleSetPassword', 404, '/admin/operators/password', { form: { name: 'nobody', password: 'contract password 456' } }),
  consoleSample('consoleMakeToken', 200, '/admin/tokens', { form: { name: 'contract console token', scope: 'read' } }),
  consoleSample('consoleMakeToken', 400, '/admin/tokens', { form: { name: 'contract console token', scope: 'root' } }),
  consoleSample('consoleRevokeToken', 200, '/admin/tokens/1/revoke', { form: {} }),
  consoleSample('consoleRevokeToken', 404, '/admin/tokens/1/revoke', { form: {} }),
  consoleSample('consoleAddWebhook', 200, '/admin/webhooks', { form: CONSOLE_HOOK }),
  consoleSample('consoleAddWebhook', 400, '/admin/webhooks', { form: { ...CONSOLE_HOOK, url: 'file:///etc/passwd' } }),
  consoleSample('consoleWebhook', 200, '/admin/webhooks/1'),
  consoleSample('consoleWebhook', 404, '/admin/webhooks/99'),
  consoleSample('consoleChangeWebhook', 303, '/admin/webhooks/1', { form: { ...CONSOLE_HOOK, status: 'disabled' } }),
  consoleSample('consoleChangeWebhook', 400, '/admin/webhooks/1', { form: { ...CONSOLE_HOOK, events: '' } }),
  consoleSample('consoleChangeWebhook', 404, '/admin/webhooks/99', { form: CONSOLE_HOOK }),
  consoleSample('consoleRotateWebhookSecret', 200, '/admin/webhooks/1/rotate-secret', { form: {} }),
  consoleSample('consoleRotateWebhookSecret', 404, '/admin/webhooks/99/rotate-secret', { form: {} }),
  consoleSample('consoleTestWebhook', 200, '/admin/webhooks/1/test', { form: {} }),
  consoleSample('consoleTestWebhook', 404, '/admin/webhooks/99/test', { form: {} }),
  consoleSample('consoleDeleteWebhookPage', 200, '/admin/webhooks/1/delete'),
  consoleSample('consoleDeleteWebhookPage', 404, '/admin/webhooks/99/delete'),
  consoleSample('consoleDeleteWebhook', 303, '/admin/webhooks/1/delete', { form: {} }),
  consoleSample('consoleDeleteWebhook', 404, '/admin/webhooks/1/delete', { form: {} }),
  consoleSample('consoleSignOut', 303, '/admin/sign-out', { session: 'spare', form: {} }),
];

const emoji = encodeURIComponent;
const CREATED = slotFields({ name: 'Contract Cherries', emojiTags: ['🍒'] });
/** A receiver that is never there (the discard port): a test event to it records a refused connection. */
const HOOK = { url: 'http://127.0.0.1:9/hooks', events: ['slot.upserted', 'slot.deleted'], description: 'contract' };
const oversized = (size: number) => JSON.stringify({ emojis: ['🍒'], pad: 'x'.repeat(size) });
const OPERATOR = { name: 'contract-owner', role: 'owner', password: 'contract password 123' };
const TOKEN = { name: 'contract token', scope: 'write' };
/** Every operation above the read scope answers a read token 403 (only each one's path and method matter). */
const FORBIDDEN_TO_READERS: readonly Sample[] = (
  [
    ['metrics', '/metrics'],
    ['createSlot', '/api/admin/slots'],
    ['replaceSlot', '/api/admin/slots/1'],
    ['deleteSlot', '/api/admin/slots/1'],
    ['replaceCategories', '/api/admin/emojis/categories'],
    ['resetRateLimit', '/api/admin/rate-limits/203.0.113.9'],
    ['importCatalogue', '/api/admin/catalogue'],
    ['restoreSlot', '/api/admin/slots/1/restore'],
    ['listOperators', '/api/admin/operators'],
    ['createOperator', '/api/admin/operators'],
    ['changeOperator', '/api/admin/operators/contract-owner'],
    ['listTokens', '/api/admin/tokens'],
    ['createToken', '/api/admin/tokens'],
    ['revokeToken', '/api/admin/tokens/1'],
    ['createWebhook', '/api/admin/webhooks'],
    ['listWebhooks', '/api/admin/webhooks'],
    ['updateWebhook', '/api/admin/webhooks/1'],
    ['deleteWebhook', '/api/admin/webhooks/1'],
    ['rotateWebhookSecret', '/api/admin/webhooks/1/rotate-secret'],
    ['testWebhook', '/api/admin/webhooks/1/test'],
    ['listWebhookAttempts', '/api/admin/webhooks/1/attempts'],
  ] as const
).map(([operationId, url]) => ({ operationId, status: 403, url, auth: 'read' as const }));

/** In order: the admin writes at the end change the catalogue the others read. */
const SAMPLES: readonly Sample[] = [
  { operationId: 'getOpenApiDocument', status: 200, url: '/openapi.json' },
  { operationId: 'health', status: 200, url: '/healthz' },
  { operationId: 'ready', status: 200, url: '/readyz' },
  { operationId: 'ready', status: 503, url: '/readyz', server: 'broken' },
  { operationId: 'metrics', status: 200, url: '/metrics' },
  { operationId: 'homePage', status: 200, url: '/' },
  { operationId: 'homePage', status: 304, url: '/', headers: { 'if-none-match': '*' } },
  { operationId: 'slotPage', status: 200, url: '/slots/cherry-gems' },
  { operationId: 'slotPage', status: 304, url: '/slots/cherry-gems', headers: { 'if-none-match': '*' } },
  { operationId: 'slotPage', status: 404, url: '/slots/no-such-slot' },
  { operationId: 'searchPage', status: 200, url: '/search?q=cherry&provider=Pragmatic+Play&sort=-rtp' },
  { operationId: 'searchPage', status: 304, url: '/search?q=cherry', headers: { 'if-none-match': '*' } },
  { operationId: 'searchPage', status: 400, url: '/search?minRtp=97&maxRtp=96' },
  { operationId: 'getAsset', status: 200, url: '{asset}' },
  { operationId: 'getAsset', status: 304, url: '{asset}', headers: { 'if-none-match': '*' } },
  { operationId: 'getAsset', status: 404, url: '/assets/no-such-file.css' },
  { operationId: 'getCatalogueSnapshot', status: 200, url: '/api/catalogue' },
  { operationId: 'getCatalogueSnapshot', status: 304, url: '/api/catalogue', headers: { 'if-none-match': '*' } },
  // Before the admin writes below: with CHANGES_RETENTION=1 the first change is still kept.
  { operationId: 'listChanges', status: 200, url: '/api/changes?after=0&limit=10' },
  { operationId: 'listChanges', status: 400, url: '/api/changes?limit=1001' },
  { operationId: 'listChanges', status: 410, url: '/api/changes?after=0&history=AAAAAAAAAAAAAAAAAAAAAA' },
  { operationId: 'streamChanges', status: 200, url: '/api/changes/stream?history=AAAAAAAAAAAAAAAAAAAAAA' },
  { operationId: 'listChanges', status: 503, url: '/api/changes?after=0', server: 'broken' },
  { operationId: 'streamChanges', status: 400, url: '/api/changes/stream?after=x' },
  { operationId: 'listSlots', status: 200, url: '/api/slots' },
  { operationId: 'listSlots', status: 200, url: '/api/slots?provider=Pragmatic%20Play&minRtp=96&volatility=high&hasBonusBuy=true&limit=2&offset=0' },
  { operationId: 'listSlots', status: 200, url: '/api/slots?offset=100' },
  { operationId: 'listSlots', status: 304, url: '/api/slots?limit=2', headers: { 'if-none-match': '*' } },
  { operationId: 'listSlots', status: 400, url: '/api/slots?limit=0' },
  { operationId: 'listSlots', status: 400, url: '/api/slots?volatility=wild' },
  { operationId: 'listSlots', status: 200, url: '/api/slots?q=cherr&provider=pragmatic-play,netent&sort=-rtp&facets=provider,volatility,theme,feature,emoji,releaseYear' },
  { operationId: 'listSlots', status: 400, url: '/api/slots?sort=relevance' },
  { operationId: 'listSimilarSlots', status: 200, url: '/api/slots/cherry-gems/similar?limit=2' },
  { operationId: 'listSimilarSlots', status: 304, url: '/api/slots/cherry-gems/similar', headers: { 'if-none-match': '*' } },
  { operationId: 'listSimilarSlots', status: 400, url: '/api/slots/cherry-gems/similar?limit=0' },
  { operationId: 'listSimilarSlots', status: 404, url: '/api/slots/no-such-slot/similar' },
  { operationId: 'listProviders', status: 200, url: '/api/providers' },
  { operationId: 'listProviders', status: 304, url: '/api/providers', headers: { 'if-none-match': '*' } },
  { operationId: 'getSlot', status: 200, url: '/api/slots/cherry-gems' },
  { operationId: 'getSlot', status: 200, url: '/api/slots/2' },
  { operationId: 'getSlot', status: 304, url: '/api/slots/2', headers: { 'if-none-match': 'W/"old", *' } },
  { operationId: 'getSlot', status: 400, url: '/api/slots/%FF' },
  { operationId: 'getSlot', status: 404, url: '/api/slots/no-such-slot' },
  { operationId: 'listEmojis', status: 200, url: '/api/emojis' },
  { operationId: 'listEmojis', status: 200, url: '/api/emojis?format=raw' },
  { operationId: 'listEmojis', status: 304, url: '/api/emojis', headers: { 'if-none-match': '*' } },
  { operationId: 'listEmojis', status: 400, url: '/api/emojis?format=xml' },
  { operationId: 'searchEmojis', status: 200, url: '/api/emojis/search?q=cherry' },
  { operationId: 'searchEmojis', status: 304, url: '/api/emojis/search?q=cherry', headers: { 'if-none-match': '*' } },
  { operationId: 'searchEmojis', status: 400, url: '/api/emojis/search?q=' },
  { operationId: 'robotsTxt', status: 200, url: '/robots.txt' },
  { operationId: 'robotsTxt', status: 304, url: '/robots.txt', headers: { 'if-none-match': '*' } },
  { operationId: 'sitemap', status: 200, url: '/sitemap.xml' },
  { operationId: 'sitemap', status: 304, url: '/sitemap.xml', headers: { 'if-none-match': '*' } },
  { operationId: 'sitemapFile', status: 200, url: '/sitemaps/1.xml' },
  { operationId: 'sitemapFile', status: 304, url: '/sitemaps/1.xml', headers: { 'if-none-match': '*' } },
  { operationId: 'sitemapFile', status: 404, url: '/sitemaps/2.xml' },
  { operationId: 'getEmojiCategories', status: 200, url: '/api/emojis/categories' },
  { operationId: 'getEmojiCategories', status: 304, url: '/api/emojis/categories', headers: { 'if-none-match': '*' } },
  { operationId: 'getEmojiStats', status: 200, url: '/api/emojis/stats' },
  { operationId: 'getEmojiStats', status: 304, url: '/api/emojis/stats', headers: { 'if-none-match': '*' } },
  { operationId: 'matchSlots', status: 200, url: '/api/match', json: { emojis: ['🍒💎'], mode: 'all', limit: 5 } },
  { operationId: 'matchSlots', status: 200, url: '/api/match', json: { emojis: ['🦄'] } },
  { operationId: 'matchSlots', status: 400, url: '/api/match', json: { emojis: [] } },
  { operationId: 'matchSlots', status: 400, url: '/api/match', text: '{"emojis":', headers: { 'content-type': 'application/json' } },
  { operationId: 'matchSlots', status: 413, url: '/api/match', text: oversized(17_000), headers: { 'content-type': 'application/json' } },
  { operationId: 'matchSlots', status: 415, url: '/api/match', text: '🍒', headers: { 'content-type': 'text/plain' } },
  { operationId: 'playEmojis', status: 302, url: `/api/play/${emoji('🍒💎')}` },
  { operationId: 'playEmojis', status: 400, url: '/api/play/abc' },
  { operationId: 'playEmojis', status: 404, url: `/api/play/${emoji('🦄')}` },
  { operationId: 'legacyRedirect', status: 302, url: `/api/v1/redirect?emoji=${emoji('🍀')}` },
  { operationId: 'legacyRedirect', status: 400, url: '/api/v1/redirect' },
  { operationId: 'legacyRedirect', status: 404, url: `/api/v1/redirect?emoji=${emoji('🦄')}` },
  { operationId: 'spin', status: 302, url: `/api/v1/spin?emoji=${emoji('🍒')}&minRtp=90` },
  { operationId: 'spin', status: 400, url: '/api/v1/spin?minRtp=101' },
  { operationId: 'spin', status: 404, url: '/api/v1/spin?provider=nobody' },
  { operationId: 'exportCatalogue', status: 200, url: '/api/admin/catalogue' },
  { operationId: 'createSlot', status: 201, url: '/api/admin/slots', json: CREATED },
  { operationId: 'createSlot', status: 400, url: '/api/admin/slots', json: { ...CREATED, rtp: 101, slug: 'Bad Slug' } },
  { operationId: 'createSlot', status: 409, url: '/api/admin/slots', json: { ...CREATED, slug: 'cherry-gems' } },
  { operationId: 'createSlot', status: 413, url: '/api/admin/slots', text: oversized(17_000), headers: { 'content-type': 'application/json' } },
  { operationId: 'createSlot', status: 415, url: '/api/admin/slots', text: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { operationId: 'createSlot', status: 503, url: '/api/admin/slots', json: CREATED, server: 'broken' },
  { operationId: 'replaceSlot', status: 200, url: '/api/admin/slots/2', json: { ...slotFields({ name: 'Lucky Dice Deluxe' }), id: '2' } },
  { operationId: 'replaceSlot', status: 400, url: '/api/admin/slots/2', json: { ...slotFields({ name: 'Lucky Dice' }), id: '3' } },
  { operationId: 'replaceSlot', status: 404, url: '/api/admin/slots/999', json: slotFields({ name: 'Nobody' }) },
  { operationId: 'replaceSlot', status: 409, url: '/api/admin/slots/2', json: { ...slotFields({ name: 'Lucky Dice' }), slug: 'lemon-drop' } },
  { operationId: 'replaceSlot', status: 413, url: '/api/admin/slots/2', text: oversized(17_000), headers: { 'content-type': 'application/json' } },
  { operationId: 'replaceSlot', status: 415, url: '/api/admin/slots/2', text: 'x', headers: { 'content-type': 'text/plain' } },
  { operationId: 'replaceSlot', status: 503, url: '/api/admin/slots/2', json: slotFields({ name: 'Lucky Dice' }), server: 'broken' },
  { operationId: 'deleteSlot', status: 204, url: '/api/admin/slots/5' },
  { operationId: 'deleteSlot', status: 404, url: '/api/admin/slots/5' },
  { operationId: 'deleteSlot', status: 503, url: '/api/admin/slots/4', server: 'broken' },
  { operationId: 'replaceCategories', status: 200, url: '/api/admin/emojis/categories', json: { categories: { luck: ['🍀', '🎲'] } } },
  { operationId: 'replaceCategories', status: 400, url: '/api/admin/emojis/categories', json: { luck: ['not an emoji'] } },
  { operationId: 'replaceCategories', status: 413, url: '/api/admin/emojis/categories', text: oversized(17_000), headers: { 'content-type': 'application/json' } },
  { operationId: 'replaceCategories', status: 415, url: '/api/admin/emojis/categories', text: 'x', headers: { 'content-type': 'text/plain' } },
  { operationId: 'replaceCategories', status: 503, url: '/api/admin/emojis/categories', json: { luck: ['🍀'] }, server: 'broken' },
  { operationId: 'createWebhook', status: 201, url: '/api/admin/webhooks', json: HOOK },
  { operationId: 'createWebhook', status: 400, url: '/api/admin/webhooks', json: { ...HOOK, url: 'file:///etc/passwd' } },
  { operationId: 'createWebhook', status: 503, url: '/api/admin/webhooks', json: HOOK, server: 'broken' },
  { operationId: 'listWebhooks', status: 200, url: '/api/admin/webhooks' },
  { operationId: 'listWebhooks', status: 503, url: '/api/admin/webhooks', server: 'broken' },
  { operationId: 'updateWebhook', status: 200, url: '/api/admin/webhooks/1', json: { ...HOOK, status: 'disabled' } },
  { operationId: 'updateWebhook', status: 400, url: '/api/admin/webhooks/1', json: { ...HOOK, events: [] } },
  { operationId: 'updateWebhook', status: 404, url: '/api/admin/webhooks/99', json: HOOK },
  { operationId: 'rotateWebhookSecret', status: 200, url: '/api/admin/webhooks/1/rotate-secret' },
  { operationId: 'rotateWebhookSecret', status: 404, url: '/api/admin/webhooks/99/rotate-secret' },
  { operationId: 'testWebhook', status: 200, url: '/api/admin/webhooks/1/test' },
  { operationId: 'testWebhook', status: 404, url: '/api/admin/webhooks/99/test' },
  { operationId: 'listWebhookAttempts', status: 200, url: '/api/admin/webhooks/1/attempts' },
  { operationId: 'listWebhookAttempts', status: 404, url: '/api/admin/webhooks/x/attempts' },
  { operationId: 'deleteWebhook', status: 204, url: '/api/admin/webhooks/1' },
  { operationId: 'deleteWebhook', status: 404, url: '/api/admin/webhooks/1' },
  { operationId: 'resetRateLimit', status: 204, url: '/api/admin/rate-limits/203.0.113.7' },
  { operationId: 'resetRateLimit', status: 400, url: '/api/admin/rate-limits/not-an-ip' },
  { operationId: 'resetRateLimit', status: 503, url: '/api/admin/rate-limits/2001:db8::1', server: 'broken' },
  // Versions are change sequence numbers: the seed is 1, the create of slot 6 above 2, the replace of slot 2 above 3.
  { operationId: 'adminGetSlot', status: 200, url: '/api/admin/slots/2' },
  { operationId: 'adminGetSlot', status: 404, url: '/api/admin/slots/999' },
  { operationId: 'replaceSlot', status: 412, url: '/api/admin/slots/2', json: slotFields({ name: 'Stale Edit' }), headers: { 'if-match': '"v0"' } },
  { operationId: 'deleteSlot', status: 412, url: '/api/admin/slots/2', headers: { 'if-match': '"v0"' } },
  { operationId: 'deleteSlot', status: 400, url: '/api/admin/slots/2', headers: { 'if-match': 'v0' } },
  { operationId: 'slotHistory', status: 200, url: '/api/admin/slots/2/history' },
  { operationId: 'slotHistory', status: 404, url: '/api/admin/slots/999/history' },
  { operationId: 'restoreSlot', status: 200, url: '/api/admin/slots/2/restore', json: { version: 3 } },
  { operationId: 'restoreSlot', status: 400, url: '/api/admin/slots/2/restore', json: { version: 'three' } },
  { operationId: 'restoreSlot', status: 404, url: '/api/admin/slots/2/restore', json: { version: 999 } },
  // Slot 6 renamed, its old slug taken by a new slot: version 2 of slot 6 cannot come back.
  { operationId: 'replaceSlot', status: 200, url: '/api/admin/slots/6', json: { ...CREATED, slug: 'contract-cherries-renamed' } },
  { operationId: 'createSlot', status: 201, url: '/api/admin/slots', json: { ...slotFields({ name: 'Slug Squatter' }), slug: CREATED.slug } },
  { operationId: 'restoreSlot', status: 409, url: '/api/admin/slots/6/restore', json: { version: 2 } },
  { operationId: 'restoreSlot', status: 413, url: '/api/admin/slots/2/restore', text: oversized(17_000), headers: { 'content-type': 'application/json' } },
  { operationId: 'restoreSlot', status: 415, url: '/api/admin/slots/2/restore', text: 'x', headers: { 'content-type': 'text/plain' } },
  { operationId: 'restoreSlot', status: 503, url: '/api/admin/slots/2/restore', json: { version: 3 }, server: 'broken' },
  { operationId: 'audit', status: 200, url: '/api/admin/audit?limit=5' },
  { operationId: 'audit', status: 400, url: '/api/admin/audit?since=yesterday' },
  { operationId: 'insights', status: 200, url: '/api/admin/insights?kind=plays' },
  { operationId: 'insights', status: 200, url: '/api/admin/insights?kind=gaps&limit=5', headers: { accept: 'text/csv' } },
  { operationId: 'insights', status: 400, url: '/api/admin/insights?kind=clicks' },
  { operationId: 'insightsDaily', status: 200, url: '/api/admin/insights/daily?kind=searches&key=cherry' },
  { operationId: 'insightsDaily', status: 200, url: '/api/admin/insights/daily?kind=plays&key=1', headers: { accept: 'text/csv' } },
  { operationId: 'insightsDaily', status: 400, url: '/api/admin/insights/daily?kind=plays&key=1&from=2026-13-01' },
  { operationId: 'createOperator', status: 201, url: '/api/admin/operators', json: OPERATOR },
  { operationId: 'createOperator', status: 400, url: '/api/admin/operators', json: { ...OPERATOR, password: 'short' } },
  { operationId: 'createOperator', status: 409, url: '/api/admin/operators', json: OPERATOR },
  { operationId: 'createOperator', status: 413, url: '/api/admin/operators', text: oversized(17_000), headers: { 'content-type': 'application/json' } },
  { operationId: 'createOperator', status: 415, url: '/api/admin/operators', text: 'x', headers: { 'content-type': 'text/plain' } },
  { operationId: 'createOperator', status: 503, url: '/api/admin/operators', json: OPERATOR, server: 'broken' },
  { operationId: 'listOperators', status: 200, url: '/api/admin/operators' },
  { operationId: 'changeOperator', status: 200, url: '/api/admin/operators/contract-owner', json: { role: 'editor' } },
  { operationId: 'changeOperator', status: 400, url: '/api/admin/operators/contract-owner', json: { role: 'root' } },
  { operationId: 'changeOperator', status: 404, url: '/api/admin/operators/nobody', json: { disabled: true } },
  { operationId: 'changeOperator', status: 413, url: '/api/admin/operators/contract-owner', text: oversized(17_000), headers: { 'content-type': 'application/json' } },
  { operationId: 'changeOperator', status: 415, url: '/api/admin/operators/contract-owner', text: 'x', headers: { 'content-type': 'text/plain' } },
  { operationId: 'changeOperator', status: 503, url: '/api/admin/operators/contract-owner', json: { disabled: true }, server: 'broken' },
  { operationId: 'createToken', status: 201, url: '/api/admin/tokens', json: TOKEN },
  { operationId: 'createToken', status: 400, url: '/api/admin/tokens', json: { ...TOKEN, scope: 'root' } },
  { operationId: 'createToken', status: 413, url: '/api/admin/tokens', text: oversized(17_000), headers: { 'content-type': 'application/json' } },
  { operationId: 'createToken', status: 415, url: '/api/admin/tokens', text: 'x', headers: { 'content-type': 'text/plain' } },
  { operationId: 'createToken', status: 503, url: '/api/admin/tokens', json: TOKEN, server: 'broken' },
  { operationId: 'listTokens', status: 200, url: '/api/admin/tokens' },
  // Token 1 is the read token the test makes first; token 2 the one above.
  { operationId: 'revokeToken', status: 204, url: '/api/admin/tokens/2' },
  { operationId: 'revokeToken', status: 404, url: '/api/admin/tokens/2' },
  { operationId: 'revokeToken', status: 503, url: '/api/admin/tokens/1', server: 'broken' },
  { operationId: 'importCatalogue', status: 200, url: '/api/admin/catalogue', json: SMALL_CATALOGUE },
  { operationId: 'importCatalogue', status: 400, url: '/api/admin/catalogue', json: { slots: [{ name: 'half a slot' }] } },
  // Only the announced length is sent: the server refuses it before reading 200 MB.
  { operationId: 'importCatalogue', status: 413, url: '/api/admin/catalogue', headers: { 'content-type': 'application/json', 'content-length': '200000000' } },
  { operationId: 'importCatalogue', status: 415, url: '/api/admin/catalogue', text: 'x', headers: { 'content-type': 'text/plain' } },
  { operationId: 'importCatalogue', status: 503, url: '/api/admin/catalogue', json: SMALL_CATALOGUE, server: 'broken' },
  ...FORBIDDEN_TO_READERS,
  ...CONSOLE_SAMPLES,
  // After the admin writes: the first changes are gone, so the feed answers 410 and the stream its reset, then ends.
  { operationId: 'listChanges', status: 410, url: '/api/changes?after=0' },
  { operationId: 'streamChanges', status: 200, url: '/api/changes/stream?after=0' },
];

/** Statuses the `default` answer stands for, as its description says. */
const DEFAULT_STATUSES = new Set([500, 503]);
/** What the broken server's database refuses: every write, and the change feed's reads. */
const WRITES = new Set(['createSlot', 'replaceSlot', 'deleteSlot', 'replaceCatalogue', 'replaceCategories', 'restoreSlot', 'readChanges']);
const ACCESS_WRITES = new Set(['createOperator', 'changeOperator', 'createToken', 'revokeToken', 'record']);

interface Server {
  readonly app: FastifyInstance;
  readonly port: number;
  close(): Promise<void>;
}

/** The service on its own SQLite file, listening on a free port; `broken` has its database writes and Redis fail. */
const FROZEN_NOW = Date.UTC(2030, 0, 1, 12, 0, 30);

async function startServer(env: Readonly<Record<string, string>>, broken = false, operators = false): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-contract-'));
  const config = loadConfig({ DATABASE_URL: `sqlite://${join(dir, 'test.db')}`, LOG_LEVEL: 'silent', ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true', ...env }, dir);
  const sqlite = new SqliteStore(join(dir, 'test.db'), { changeRetention: config.changesRetention });
  const down = () => Promise.reject(new StoreUnavailableError());
  const access = new Proxy(sqlite.access, { get: (target, name, receiver) => (ACCESS_WRITES.has(String(name)) ? down : Reflect.get(target, name, receiver)) });
  const store: Store = broken
    ? new Proxy(sqlite, {
        get: (target, name, receiver) => {
          if (name === 'webhooks') return new Proxy({}, { get: () => down });
          if (name === 'access') return access;
          return WRITES.has(String(name)) || name === 'ping' ? down : Reflect.get(target, name, receiver);
        },
      })
    : sqlite;
  const catalogue = await CatalogueService.open(store, async () => SMALL_CATALOGUE);
  if (operators) {
    const access = new AccessService(sqlite.access, undefined);
    for (const { name, role } of Object.values(CONSOLE_OPERATORS)) await access.createOperator({ name, role, password: CONSOLE_PASSWORD }, { type: 'admin-token', name: 'admin-token' });
  }
  // A clock that stands still, so the limited server's spent minute never rolls over mid-test.
  const now = () => FROZEN_NOW;
  const rateLimiter = new MemoryRateLimiter({ limits: config.rateLimit, now });
  if (broken) rateLimiter.reset = () => Promise.reject(new Error('Redis: connection refused'));
  const app = await buildApp({ config, catalogue, logger: false, rateLimiter, now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === 'object');
  return {
    app,
    port: address.port,
    async close() {
      await app.close();
      await rateLimiter.close();
      await sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const isAdmin = (path: string) => path.startsWith('/api/admin/') || path === '/metrics';
const isRateLimited = (path: string) => path.startsWith('/api/') && !isAdmin(path);

/** The shared answers each operation can give, sampled from its own first sample. */
const isConsole = (path: string) => path === '/admin' || path.startsWith('/admin/');

/**
 * The answers every console operation of a kind gives: a GET without a session goes to sign in (303),
 * an owners' page refuses an editor (403); a POST without a session is the sign-in page (401), one
 * from another origin is refused (403).
 */
function consoleSharedSamples(operations: readonly DocumentedOperation[]): Sample[] {
  return operations.flatMap(({ operationId, path, method, operation }): Sample[] => {
    const own = CONSOLE_SAMPLES.find((sample) => sample.operationId === operationId);
    if (!isConsole(path) || own === undefined) return [];
    const documented = (status: number) => String(status) in operation.responses;
    const base = { operationId, url: own.url, server: 'console' as const };
    if (method === 'GET') {
      return [
        ...(documented(303) ? [{ ...base, status: 303 }] : []),
        ...(documented(403) ? [{ ...base, status: 403, session: 'editor' as const }] : []),
      ];
    }
    return [
      ...(documented(401) ? [{ ...base, status: 401, form: {} }] : []),
      { ...base, status: 403, session: 'owner', form: {}, headers: { origin: 'https://elsewhere.example' } },
    ];
  });
}

function sharedSamples(operations: readonly DocumentedOperation[]): Sample[] {
  const samples: Sample[] = [...consoleSharedSamples(operations)];
  for (const { operationId, path } of operations) {
    const own = SAMPLES.find((sample) => sample.operationId === operationId);
    if (own === undefined) continue;
    const request = { operationId, url: own.url, ...(own.json === undefined ? {} : { json: own.json }) };
    samples.push({ ...request, status: 431, headers: { 'x-padding': 'a'.repeat(MAX_HEADER_BYTES) } });
    if (isRateLimited(path)) samples.push({ ...request, status: 429, server: 'limited' });
    if (isAdmin(path)) samples.push({ ...request, status: 401, auth: false });
  }
  return samples;
}

type Json = Record<string, unknown>;

describe('the OpenAPI document against real answers', { timeout: 120_000 }, () => {
  let servers: Record<NonNullable<Sample['server']>, Server>;
  let document: OpenApiDocument;
  let operations: DocumentedOperation[];
  let asset: string;
  let readToken: string;
  const consoleSessions = {} as Record<ConsoleSession, { cookie: string; csrf: string }>;
  /** The body of the answer before, for console samples that carry on from it. */
  let previous = '';
  // Not strict: the document around the schemas (paths, info) is not a schema; Redocly checks the schemas' own syntax.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  before(async () => {
    servers = {
      normal: await startServer({ RATE_LIMIT_PER_MINUTE: '100000', CHANGES_RETENTION: '1' }),
      limited: await startServer({ RATE_LIMIT_PER_MINUTE: '1' }),
      broken: await startServer({}, true),
      console: await startServer({ RATE_LIMIT_PER_MINUTE: '100000' }, false, true),
    };
    for (const [session, { name }] of Object.entries(CONSOLE_OPERATORS)) {
      const signedIn = await send(servers.console.port, 'POST', '/admin/sign-in', { 'content-type': 'application/x-www-form-urlencoded' }, new URLSearchParams({ name, password: CONSOLE_PASSWORD }).toString());
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
      const overview = (await send(servers.console.port, 'GET', '/admin', { cookie })).body.toString();
      consoleSessions[session as ConsoleSession] = { cookie, csrf: /name="_csrf" value="([^"]+)"/.exec(overview)?.[1] ?? '' };
    }
    const answer = await send(servers.normal.port, 'GET', '/openapi.json');
    document = JSON.parse(answer.body.toString()) as OpenApiDocument;
    operations = documentedOperations(document);
    ajv.addSchema({ ...document, $id: 'urn:slotmoji:openapi' } as Json);
    const home = (await send(servers.normal.port, 'GET', '/')).body.toString();
    asset = /\/assets\/[\w.-]+\.css/.exec(home)?.[0] ?? '';
    const reader = await send(servers.normal.port, 'POST', '/api/admin/tokens', { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, JSON.stringify({ name: 'reader', scope: 'read' }));
    readToken = (JSON.parse(reader.body.toString()) as { secret: string }).secret;
    // Spend the limited server's one request a minute.
    await send(servers.limited.port, 'GET', '/api/slots');
  });
  after(async () => {
    for (const server of Object.values(servers)) await server.close();
  });

  /** Follows a `$ref` to a component of the document. */
  const resolve = (value: unknown): Json => {
    const reference = (value as { $ref?: string }).$ref;
    if (reference === undefined) return value as Json;
    const [, kind = '', name = ''] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(reference) ?? [];
    const target = document.components[kind]?.[name];
    assert.ok(target !== undefined, `unresolved ${reference}`);
    return target as Json;
  };

  const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

  function validate(schemaRef: string, value: unknown, what: string): void {
    const check = ajv.getSchema(schemaRef) ?? ajv.compile({ $ref: schemaRef });
    assert.ok(check(value), `${what}: ${ajv.errorsText(check.errors)}\n${JSON.stringify(value).slice(0, 500)}`);
  }

  /** Checks one answer against the response the document gives for its status; returns that response's key. */
  function checkAnswer(operation: DocumentedOperation, answer: WireResponse, what: string): string {
    const { responses } = operation.operation;
    const key = String(answer.status) in responses ? String(answer.status) : DEFAULT_STATUSES.has(answer.status) ? 'default' : undefined;
    assert.ok(key !== undefined && key in responses, `${what}: status ${answer.status} is not documented (${Object.keys(responses).join(', ')})`);
    const response = resolve(responses[key]);
    const reference = (responses[key] as { $ref?: string }).$ref;
    const base = reference === undefined ? `urn:slotmoji:openapi#/${pointer('paths', operation.path, operation.method.toLowerCase(), 'responses', key)}` : `urn:slotmoji:openapi${reference}`;

    for (const [name, header] of Object.entries((response['headers'] ?? {}) as Json)) {
      const value = answer.headers[name.toLowerCase()];
      const resolved = resolve(header);
      if (value === undefined) {
        assert.notEqual(resolved['required'], true, `${what}: header ${name} is missing`);
        continue;
      }
      const schema = resolved['schema'] as Json;
      const typed = schema['type'] === 'integer' || schema['type'] === 'number' ? Number(value) : value;
      const headerPointer = (header as { $ref?: string }).$ref === undefined ? `${base}/${pointer('headers', name, 'schema')}` : `urn:slotmoji:openapi${(header as { $ref: string }).$ref}/schema`;
      validate(headerPointer, typed, `${what}: header ${name}`);
    }

    const content = response['content'] as Json | undefined;
    if (content === undefined) {
      assert.equal(answer.body.length, 0, `${what}: a body where the document says there is none`);
      return key;
    }
    const type = String(answer.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    assert.ok(type in content, `${what}: content type ${type} is not documented (${Object.keys(content).join(', ')})`);
    const body = type === 'application/json' ? (JSON.parse(answer.body.toString()) as unknown) : answer.body.toString();
    validate(`${base}/${pointer('content', type, 'schema')}`, body, `${what}: body`);
    return key;
  }

  it('documents every route of the app, except the ones hidden on purpose, and each operation once by its operationId', () => {
    const missing = appRoutes(servers.normal.app).filter(({ method, url }) => {
      // HEAD is GET without the body, for every GET route.
      if (method === 'HEAD') return false;
      if (HIDDEN_ROUTES.some((hidden) => hidden.method === method && hidden.url.test(url))) return false;
      const path = url.replace(/:(\w+)/g, '{$1}');
      return document.paths[path]?.[method.toLowerCase()] === undefined;
    });
    assert.deepEqual(missing, []);
    const ids = operations.map((operation) => operation.operationId);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^[a-z][A-Za-z]*$/, id);
  });

  it('gives the documented answer, with its schema, headers and media type, to every sample', async () => {
    const answered = new Set<string>();
    for (const sample of [...SAMPLES, ...sharedSamples(operations)]) {
      const operation = operations.find(({ operationId }) => operationId === sample.operationId);
      assert.ok(operation !== undefined, `no operation ${sample.operationId}`);
      const url = sample.url.replace('{asset}', asset);
      const method = operation.method;
      assert.equal(operationOf(operations, method, url)?.operationId, sample.operationId, `${url} is not ${sample.operationId}`);
      if (sample.status < 400) {
        const parameters = (operation.operation['parameters'] ?? []) as readonly { readonly in: string; readonly name: string }[];
        const documentedQuery = new Set(parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name));
        const sent = [...new URL(url, 'http://contract.test').searchParams.keys()];
        assert.deepEqual(sent.filter((name) => !documentedQuery.has(name)), [], `${sample.operationId}: query parameters sent but not documented`);
      }
      const credential = sample.auth === 'read' ? readToken : ADMIN_TOKEN;
      const headers: Record<string, string> = { host: 'contract.test', ...(sample.auth === false ? {} : { authorization: `Bearer ${credential}` }) };
      let body: string | undefined = sample.json === undefined ? sample.text : JSON.stringify(sample.json);
      if (sample.json !== undefined) headers['content-type'] = 'application/json';
      const session = sample.session === undefined ? undefined : consoleSessions[sample.session];
      if (session !== undefined) headers['cookie'] = session.cookie;
      if (sample.form !== undefined) {
        const fields = typeof sample.form === 'function' ? sample.form(previous) : sample.form;
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams({ _csrf: session?.csrf ?? '', ...fields }).toString();
      }
      if (sample.upload !== undefined) {
        headers['content-type'] = 'multipart/form-data; boundary=contract';
        body = `--contract\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${session?.csrf ?? ''}\r\n--contract\r\nContent-Disposition: form-data; name="document"; filename="c.json"\r\nContent-Type: application/json\r\n\r\n${sample.upload}\r\n--contract--\r\n`;
      }
      const what = `${sample.operationId} ${method} ${url.slice(0, 80)} (${sample.server ?? 'normal'})`;
      const answer = await send(servers[sample.server ?? 'normal'].port, method, url, { ...headers, ...sample.headers }, body);
      previous = answer.body.toString();
      assert.equal(answer.status, sample.status, `${what}: ${answer.body.toString().slice(0, 300)}`);
      answered.add(`${sample.operationId} ${checkAnswer(operation, answer, what)}`);
    }
    const documented = operations.flatMap(({ operationId, operation }) => Object.keys(operation.responses).filter((key) => key !== 'default').map((key) => `${operationId} ${key}`));
    assert.deepEqual(documented.filter((pair) => !answered.has(pair)), [], 'documented answers no sample produced');
  });

  it('fails an answer the document does not describe', () => {
    const getSlot = operations.find(({ operationId }) => operationId === 'getSlot');
    assert.ok(getSlot !== undefined);
    const limits = { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '9', 'x-ratelimit-reset': '1800000000', 'x-ratelimit-window': 'minute' };
    const json = (status: number, body: unknown, headers: Record<string, string> = limits): WireResponse => ({
      status,
      headers: { 'content-type': 'application/json', ...headers },
      body: Buffer.from(JSON.stringify(body)),
    });
    const error = { statusCode: 404, error: 'Not Found', message: 'slot "x" not found' };
    assert.equal(checkAnswer(getSlot, json(404, error), 'fake'), '404');
    assert.throws(() => checkAnswer(getSlot, json(409, { ...error, statusCode: 409 }), 'fake'), /fake: status 409 is not documented/);
    assert.throws(() => checkAnswer(getSlot, json(404, { ...error, statusCode: '404' }), 'fake'), /fake: body: .*statusCode/);
    assert.throws(() => checkAnswer(getSlot, json(404, error, {}), 'fake'), /fake: header X-RateLimit-Limit is missing/);
    assert.throws(() => checkAnswer(getSlot, json(404, error, { ...limits, 'x-ratelimit-window': 'week' }), 'fake'), /fake: header X-RateLimit-Window/);
    assert.throws(() => checkAnswer(getSlot, { ...json(404, error), headers: { ...limits, 'content-type': 'text/html' } }, 'fake'), /fake: content type text\/html/);
  });
});
