import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDestination, DestinationError, endpointUrl, isPublicAddress } from '../../src/webhooks/destination.js';

describe('webhook destinations', () => {
  it('takes absolute http and https URLs only, without a user name or password', () => {
    assert.equal(endpointUrl('https://partner.example/hooks').href, 'https://partner.example/hooks');
    for (const [raw, expected] of [
      ['file:///etc/passwd', /must be http or https, got "file:"/],
      ['ftp://partner.example/', /must be http or https/],
      ['gopher://partner.example/', /must be http or https/],
      ['https://user:secret@partner.example/', /user name or password/],
      ['https://user@partner.example/', /user name or password/],
      ['/relative/path', /not an absolute URL/],
      [`https://partner.example/${'a'.repeat(3000)}`, /longer than 2048/],
    ] as const) {
      assert.throws(() => endpointUrl(raw), (error: unknown) => error instanceof DestinationError && expected.test(error.message) && error.message.startsWith('url: '), raw);
    }
  });

  it('counts only public unicast addresses as public', () => {
    for (const address of ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '8.8.8.8']) assert.ok(isPublicAddress(address), address);
    for (const address of [
      '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
      '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '2002:7f00:1::1', 'ff02::1', 'not an address',
    ]) {
      assert.ok(!isPublicAddress(address), address);
    }
  });

  it('refuses a URL whose host is, or resolves to, a loopback, private or link-local address', async () => {
    for (const raw of ['http://127.0.0.1:8080/', 'http://[::1]/', 'http://10.0.0.7/', 'http://169.254.169.254/latest/meta-data', 'http://[::ffff:7f00:1]/', 'http://0x7f.1/', 'http://localhost:3000/']) {
      await assert.rejects(checkDestination(endpointUrl(raw), false), /loopback, private or link-local/, raw);
    }
    await assert.rejects(checkDestination(endpointUrl('http://no-such-host.invalid/'), false), /does not resolve/);
  });

  it('lets private destinations through when they are allowed', async () => {
    await checkDestination(endpointUrl('http://127.0.0.1:8080/'), true);
    await checkDestination(endpointUrl('http://localhost:8080/'), true);
  });
});
