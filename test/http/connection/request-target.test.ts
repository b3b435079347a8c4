import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { toOriginForm } from '../../../src/http/connection/request-target.js';

/** The path and Host a request with this target and Host header (`null`: none sent) is read with. */
function readAs(url: string, host: string | null = 'sent.example'): { url: string | undefined; host: string | undefined } {
  const request = { url, headers: host === null ? {} : { host } } as unknown as IncomingMessage;
  toOriginForm(request);
  return { url: request.url, host: request.headers.host };
}

describe('a request target in absolute form', () => {
  it('is read as its path and query, byte for byte, with the target host as Host', () => {
    assert.deepEqual(readAs('http://a.example:8080/api/play/%F0%9F%8D%92?x=1'), { url: '/api/play/%F0%9F%8D%92?x=1', host: 'a.example:8080' });
    assert.deepEqual(readAs('HTTPS://a.example/api/slots/../admin'), { url: '/api/slots/../admin', host: 'a.example' });
    assert.deepEqual(readAs('http://a.example?q=1'), { url: '/?q=1', host: 'a.example' });
    assert.deepEqual(readAs('http://a.example'), { url: '/', host: 'a.example' });
    assert.deepEqual(readAs('http://[::1]:3000/api/emojis'), { url: '/api/emojis', host: '[::1]:3000' });
  });

  it('drops a user name and password, and keeps the Host header when the target names no host', () => {
    assert.deepEqual(readAs('http://user:secret@a.example/api/slots'), { url: '/api/slots', host: 'a.example' });
    assert.deepEqual(readAs('http:///api/slots'), { url: '/api/slots', host: 'sent.example' });
  });

  it('sends no Host where none was sent, so that an HTTP/1.1 request without one is still refused', () => {
    assert.deepEqual(readAs('http://a.example/api/slots', null), { url: '/api/slots', host: undefined });
  });

  it('leaves origin form, the asterisk and other schemes as they are', () => {
    for (const url of ['/api/slots', '*', 'ftp://a.example/api/slots', 'a.example:443', '']) assert.deepEqual(readAs(url), { url, host: 'sent.example' });
  });
});
