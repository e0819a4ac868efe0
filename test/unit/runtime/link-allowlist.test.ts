import { describe, expect, it } from 'vitest';
import { createLinkAllowlist } from '../../../electron/runtime/link-allowlist';
import { createAppFeature } from '../../../electron/runtime/features/app';
import type { ServiceConnection } from '../../../electron/runtime/service-connection';

describe('the external link allowlist', () => {
  it('opens the known explorers and their subdomains, https only', () => {
    const links = createLinkAllowlist();
    expect(links.check('https://etherscan.io/tx/0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(links.check('https://sepolia.etherscan.io/address/0x1')).toBe('https://sepolia.etherscan.io/address/0x1');
    expect(links.check('http://etherscan.io/tx/0xabc')).toBeNull();
    expect(links.check('https://evil.example/')).toBeNull();
  });

  it('adds from the service only the exact host of an https URL with a domain name', () => {
    const links = createLinkAllowlist();
    links.remember([
      'https://io',
      'http://evil.com/kyc',
      'https://kyc.provider.example/verify',
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://0x7f000001/',
      'https://user:pw@creds.example/',
      'https://port.example:8443/',
      'javascript:alert(1)',
      null,
      'not a url',
    ]);
    expect(links.namedByService()).toEqual(['kyc.provider.example']);
    // A bare suffix named by the service opens no site under it.
    expect(links.check('https://anything.io/')).toBeNull();
    // An http mention does not make the https site openable.
    expect(links.check('https://evil.com/phish')).toBeNull();
    expect(links.check('https://kyc.provider.example/verify?id=1')).toBe('https://kyc.provider.example/verify?id=1');
    // Exact host only: neither a subdomain nor the parent domain.
    expect(links.check('https://phish.kyc.provider.example/')).toBeNull();
    expect(links.check('https://provider.example/')).toBeNull();
    expect(links.check('https://10.0.0.1/x')).toBeNull();
    // Features hand the check around as a bare function.
    const { allows } = links;
    expect(allows('https://kyc.provider.example/verify')).toBe(true);
    expect(allows('https://evil.com/phish')).toBe(false);
  });

  it('takes from the service only hosts that are one registrable site per the public-suffix list', () => {
    const links = createLinkAllowlist();
    const refused = [
      // Bare public suffixes, ICANN and private: each names every site under it.
      'https://io/kyc',
      'https://co.uk/kyc',
      'https://github.io/kyc',
      'https://s3.amazonaws.com/kyc-bucket/start',
      // Names that are no public site: they may lead to this machine or the local network.
      'https://foo.localhost/',
      'https://printer.local/',
      'https://metadata.google.internal/',
      // Internationalised look-alikes of a real site, as typed and as punycode.
      'https://p\u0430ypal.com/kyc',
      'https://xn--pypal-4ve.com/kyc',
      'https://xn--80ak6aa92e.com/',
      // IP addresses in the spellings a URL parser accepts.
      'https://10.0.0.1/',
      'https://0x7f000001/',
      'https://2130706433/',
      'https://[::1]/',
      // Trailing dot, port, userinfo, http.
      'https://kyc.trailing.example./',
      'https://kyc.port.example:443x/',
      'https://kyc.port.example:8443/',
      'https://me@kyc.userinfo.example/',
      'http://kyc.plain.example/',
      'https://under_score.example/',
      // Strings parsers read differently: backslash, tab or newline inside the host.
      'https://kyc.named.example\\@evil.com/',
      'https://kyc.na\tmed.example/',
      'https://kyc.na\nmed.example/',
    ];
    links.remember([...refused, 'https://project.github.io/kyc', 'https://kyc.lender.co.uk/start', 'HTTPS://KYC.UPPER.EXAMPLE/Start']);
    expect(links.namedByService()).toEqual(['kyc.lender.co.uk', 'kyc.upper.example', 'project.github.io']);
    for (const url of refused) expect(links.check(url), url).toBeNull();
    // Exact host: a tenant of a shared host opens neither its neighbours nor the parent.
    expect(links.check('https://project.github.io/kyc')).toBe('https://project.github.io/kyc');
    expect(links.check('https://other.github.io/kyc')).toBeNull();
    expect(links.check('https://lender.co.uk/')).toBeNull();
    expect(links.check('https://login.kyc.lender.co.uk/')).toBeNull();
    // What is opened is the normalised address.
    expect(links.check('https://KYC.upper.example/Start')).toBe('https://kyc.upper.example/Start');
  });

  it('refuses strings that parsers read differently, and hands on the normalised address', () => {
    const links = createLinkAllowlist();
    for (const tricky of [
      'https://etherscan.io\\@evil.com',
      'https://etherscan.io\\.evil.com/',
      'https://ether\tscan.io/',
      'https://ether\nscan.io/',
      ' https://etherscan.io/',
      'https://etherscan.io/ x',
      'https://etherscan.io@evil.com/',
      'https://evil.com#@etherscan.io',
      'https://etherscan.io.evil.com/',
      'https:etherscan.io/tx',
      'https://etherscan.io\u0000/',
    ]) {
      expect(links.check(tricky), JSON.stringify(tricky)).toBeNull();
    }
    expect(links.check('HTTPS://EtherScan.IO/tx/0xAB')).toBe('https://etherscan.io/tx/0xAB');
    expect(links.check('https://etherscan.io/search?q=<script>')).toBe('https://etherscan.io/search?q=%3Cscript%3E');
  });

  it('opens what the check returns, not the string the window sent, and says why it refused', async () => {
    const opened: string[] = [];
    const app = createAppFeature({
      version: 't',
      shell: 'browser',
      connection: {} as ServiceConnection,
      offline: () => false,
      links: createLinkAllowlist(),
      openExternal: async (url) => {
        opened.push(url);
      },
    });
    const openExternal = (app.handlers as any).system.openExternal as (input: { url: string }) => Promise<unknown>;
    await openExternal({ url: 'HTTPS://ETHERSCAN.IO/tx/0x1' });
    expect(opened).toEqual(['https://etherscan.io/tx/0x1']);
    await expect(openExternal({ url: 'https://etherscan.io\\@evil.com' })).rejects.toMatchObject({
      code: 'LINK_NOT_ALLOWED',
      action: expect.stringContaining('check it yourself'),
    });
    expect(opened).toHaveLength(1);
  });
});
