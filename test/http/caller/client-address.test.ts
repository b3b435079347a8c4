import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { networkOf } from '../../../src/http/caller/client-address.js';

describe('networkOf', () => {
  it('keeps the /24 of an IPv4 address, however it arrived', () => {
    assert.equal(networkOf('203.0.113.77'), '203.0.113.0');
    assert.equal(networkOf('10.0.0.1'), '10.0.0.0');
    assert.equal(networkOf('::ffff:198.51.100.9'), '198.51.100.0');
    assert.equal(networkOf('::FFFF:198.51.100.9'), '198.51.100.0');
  });

  it('keeps the /48 of an IPv6 address, in its short form', () => {
    assert.equal(networkOf('2001:db8:85a3:8d3:1319:8a2e:370:7348'), '2001:db8:85a3::');
    assert.equal(networkOf('2001:DB8:85A3::1'), '2001:db8:85a3::');
    assert.equal(networkOf('2001:db8::1'), '2001:db8::');
    assert.equal(networkOf('::1'), '::');
    assert.equal(networkOf('fe80::1%eth0'), 'fe80::');
    assert.equal(networkOf('::'), '::');
    assert.equal(networkOf('64:ff9b::192.0.2.33'), '64:ff9b::');
  });

  it('shows nothing of what is not an address', () => {
    for (const text of ['', 'unix socket', '203.0.113.256', '1.2.3.4.5', '<script>', '2001:db8:::1']) assert.equal(networkOf(text), 'unknown', text);
  });
});
