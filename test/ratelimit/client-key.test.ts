import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientKey, CompactClientKeys, compactClientKey } from '../../src/ratelimit/client-key.js';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    assert.equal(clientKey('203.0.113.7', 56), '203.0.113.7');
  });

  it('gives an IPv4-mapped IPv6 address the key of its IPv4 address, whatever the prefix', () => {
    for (const prefix of [32, 56, 128]) {
      assert.equal(clientKey('::ffff:203.0.113.7', prefix), '203.0.113.7');
      assert.equal(clientKey('::FFFF:cb00:7107', prefix), '203.0.113.7');
    }
  });

  it('keys an IPv6 address by its network of the given prefix, written one way however it arrived', () => {
    for (const written of ['2001:db8:0:ff12::1', '2001:DB8:0:FF00:0:0:0:1', '2001:0db8:0000:ff99::0001', '2001:db8:0:ffff::1%eth0']) {
      assert.equal(clientKey(written, 56), '2001:db8:0:ff00::/56', written);
    }
    assert.equal(clientKey('2001:db8:0:ff12::1', 64), '2001:db8:0:ff12::/64');
    assert.equal(clientKey('2001:db8:0:ff12::1', 128), '2001:db8:0:ff12::1/128');
    assert.equal(clientKey('2001:db8:0:ff12::1', 32), '2001:db8::/32');
    assert.equal(clientKey('::1', 128), '::1/128');
    assert.equal(clientKey('64:ff9b::192.0.2.1', 128), '64:ff9b::c000:201/128');
  });

  it('keeps text that is no address apart from addresses, bounded in length', () => {
    assert.equal(clientKey('unknown', 56), 'other:unknown');
    assert.equal(clientKey('<a b>', 56), 'other:%3Ca%20b%3E');
    assert.ok(clientKey('x'.repeat(10_000), 56).length < 100);
    assert.equal(clientKey(`${'x'.repeat(64)}tail`, 56), clientKey(`${'x'.repeat(64)}other tail`, 56));
  });
});

describe('compactClientKey', () => {
  const key56 = (client: string) => compactClientKey(client, 56);

  it('packs IPv4 into one integer, the same for its mapped IPv6 form', () => {
    assert.equal(key56('1.2.3.4'), 0x01020304);
    assert.equal(key56('::ffff:1.2.3.4'), 0x01020304);
    assert.equal(key56('255.255.255.255'), 0xffffffff);
    assert.notEqual(key56('1.2.3.5'), key56('1.2.3.4'));
  });

  it('gives addresses of one network one key, and different networks different keys', () => {
    assert.equal(key56('2001:db8::1'), key56('2001:DB8:0::0:1'));
    assert.equal(key56('2001:db8:0:ff01::1'), key56('2001:db8:0:ffee:1234::9'));
    assert.notEqual(key56('2001:db8:0:ff01::1'), key56('2001:db8:0:fe01::1'));
    assert.notEqual(key56('::1'), key56('1::'));
    assert.notEqual(compactClientKey('2001:db8::1', 128), compactClientKey('2001:db8::2', 128));
    assert.equal(compactClientKey('2001:db8:0:ff01::1', 48), compactClientKey('2001:db8:0:1::1', 48));
  });

  it('never confuses an IPv6 network with text that is no address', () => {
    const texts = ['other:a', '6abcdefgh', '6abcd', 'unknown'];
    const addresses = ['::1', '6162:6364:6566:6768::', '2001:db8::1'];
    const keys = new Set([...texts, ...addresses].map((client) => compactClientKey(client, 128)));
    assert.equal(keys.size, texts.length + addresses.length);
  });
});

describe('CompactClientKeys', () => {
  const clients = ['127.0.0.1', '::ffff:127.0.0.1', '2001:db8:0:ff00::1', '2001:db8:0:ff01::1', 'not an address', '10.0.0.1%eth0'];

  it('gives what compactClientKey gives, the first time and every time after', () => {
    for (const prefix of [48, 56, 128]) {
      const keys = new CompactClientKeys(prefix);
      for (let round = 0; round < 3; round++) {
        for (const client of clients) assert.equal(keys.of(client), compactClientKey(client, prefix), `${client} /${prefix}, round ${round}`);
      }
    }
  });

  it('stays right past the number of clients it remembers', () => {
    const keys = new CompactClientKeys(56);
    for (let i = 0; i < 10_000; i++) {
      const client = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      assert.equal(keys.of(client), compactClientKey(client, 56));
    }
    assert.equal(keys.of('10.0.0.7'), compactClientKey('10.0.0.7', 56));
  });
});
