import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { newSecret, signedHeaders } from '../../src/webhooks/signature.js';

describe('webhook signatures', () => {
  const body = '{"sequence":7,"type":"catalogue.imported","time":"2030-01-01T00:00:00.000Z"}';
  const at = new Date('2030-01-01T00:00:00.000Z');

  it('makes secrets of 32 random bytes after whsec_', () => {
    const [one, two] = [newSecret(), newSecret()];
    assert.notEqual(one, two);
    assert.equal(Buffer.from(one.slice('whsec_'.length), 'base64').length, 32);
  });

  it('signs id.timestamp.body as the Standard Webhooks specification says, which its own library verifies', () => {
    const secret = newSecret();
    const headers = signedHeaders({ current: secret, previous: undefined, previousUntil: 0 }, 'msg_7', at, body);
    assert.deepEqual(Object.keys(headers), ['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    assert.equal(headers['webhook-timestamp'], String(at.getTime() / 1000));
    assert.match(headers['webhook-signature'] ?? '', /^v1,[A-Za-z0-9+/]+=*$/);
    const verifier = new Webhook(secret);
    // The library refuses timestamps far from now, so its check of this fixed moment runs at that moment.
    assert.throws(() => verifier.verify(body, headers), /timestamp/i);
    const fresh = signedHeaders({ current: secret, previous: undefined, previousUntil: 0 }, 'msg_7', new Date(), body);
    assert.deepEqual(verifier.verify(body, fresh), JSON.parse(body));
    assert.throws(() => verifier.verify(body.replace('7', '8'), fresh), 'a changed body fails');
  });

  it('signs with the previous secret too until its time is up, then with the current one only', () => {
    const secrets = { current: newSecret(), previous: newSecret(), previousUntil: at.getTime() + 1 };
    assert.equal(signedHeaders(secrets, 'msg_7', at, body)['webhook-signature']?.split(' ').length, 2);
    assert.equal(signedHeaders({ ...secrets, previousUntil: at.getTime() }, 'msg_7', at, body)['webhook-signature']?.split(' ').length, 1);
  });
});
