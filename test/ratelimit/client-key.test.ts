import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientKey, compactClientKey } from '../../src/ratelimit/client-key.js';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    assert.equal(clientKey('203.0.113.7'), '203.0.113.7');
  });

  it('gives an IPv4-mapped IPv6 address the key of its IPv4 address', () => {
    assert.equal(clientKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('::FFFF:cb00:7107'), '203.0.113.7');
  });

  it('writes each IPv6 address one way, however it arrived', () => {
    const key = '2001:db8:0:0:0:0:0:1';
    for (const written of ['2001:db8::1', '2001:DB8:0:0:0:0:0:1', '2001:0db8::0001', '2001:db8::1%eth0']) {
      assert.equal(clientKey(written), key, written);
    }
    assert.equal(clientKey('::1'), '0:0:0:0:0:0:0:1');
    assert.equal(clientKey('64:ff9b::192.0.2.1'), '64:ff9b:0:0:0:0:c000:201');
  });

  it('keeps text that is no address apart from addresses, bounded in length', () => {
    assert.equal(clientKey('unknown'), 'other:unknown');
    assert.equal(clientKey('<a b>'), 'other:%3Ca%20b%3E');
    assert.ok(clientKey('x'.repeat(10_000)).length < 100);
    assert.equal(clientKey(`${'x'.repeat(64)}tail`), clientKey(`${'x'.repeat(64)}other tail`));
  });
});

describe('compactClientKey', () => {
  it('packs IPv4 into one integer, the same for its mapped IPv6 form', () => {
    assert.equal(compactClientKey('1.2.3.4'), 0x01020304);
    assert.equal(compactClientKey('::ffff:1.2.3.4'), 0x01020304);
    assert.notEqual(compactClientKey('1.2.3.5'), compactClientKey('1.2.3.4'));
  });

  it('gives equal IPv6 addresses equal keys and different ones different keys', () => {
    assert.equal(compactClientKey('2001:db8::1'), compactClientKey('2001:DB8:0::0:1'));
    assert.notEqual(compactClientKey('2001:db8::1'), compactClientKey('2001:db8::2'));
    assert.notEqual(compactClientKey('::1'), compactClientKey('1::'));
  });

  it('never confuses an IPv6 address with text that is no address', () => {
    const texts = ['other:a', '6abcdefgh', 'unknown'];
    const addresses = ['::1', '6162:6364:6566:6768::', '2001:db8::1'];
    const keys = new Set([...texts, ...addresses].map(compactClientKey));
    assert.equal(keys.size, texts.length + addresses.length);
  });
});
