import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../../src/config.js';
import { rememberedBaseUrls, validBaseUrl } from '../../../src/http/caller/base-url.js';

const config = loadConfig({});

test('remembered base URLs answer what validBaseUrl answers, asked once or many times', () => {
  const baseOf = rememberedBaseUrls(config);
  const origins = [
    { protocol: 'http', host: 'example.test' },
    { protocol: 'https', host: 'example.test:8443' },
    { protocol: 'http', host: '[::1]:3000' },
    { protocol: 'http', host: 'bad host' },
    { protocol: 'http', host: undefined },
    { protocol: 'ftp', host: 'example.test' },
  ];
  for (let round = 0; round < 3; round += 1) {
    for (const origin of origins) assert.equal(baseOf(origin), validBaseUrl(config, origin), `${origin.protocol} ${origin.host}`);
  }
  assert.equal(baseOf({ protocol: 'http', host: 'example.test' }), 'http://example.test');
  assert.equal(baseOf({ protocol: 'http', host: 'bad host' }), undefined);
});

test('remembered base URLs keep answering right past the number of hosts they remember', () => {
  const baseOf = rememberedBaseUrls(config);
  for (let host = 0; host < 1000; host += 1) assert.equal(baseOf({ protocol: 'https', host: `h${host}.test` }), `https://h${host}.test`);
  assert.equal(baseOf({ protocol: 'https', host: 'h0.test' }), 'https://h0.test');
});

test('with PUBLIC_BASE_URL every origin has that base', () => {
  const baseOf = rememberedBaseUrls(loadConfig({ PUBLIC_BASE_URL: 'https://slots.example.test' }));
  assert.equal(baseOf({ protocol: 'http', host: 'bad host' }), 'https://slots.example.test');
  assert.equal(baseOf({ protocol: 'http', host: 'example.test' }), 'https://slots.example.test');
});
