import { securityHeadersOf } from './security-headers';

describe('securityHeadersOf', () => {
  it('gives the headers helmet sets for the options, names in lower case', () => {
    const headers = securityHeadersOf({
      crossOriginResourcePolicy: { policy: 'same-site' },
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-resource-policy': 'same-site',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('follows the options: a header turned off is not set', () => {
    expect(securityHeadersOf({ xFrameOptions: false })).not.toHaveProperty('x-frame-options');
  });

  it('refuses directives computed per request, which one object cannot hold', () => {
    expect(() =>
      securityHeadersOf({
        contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-abc'"] } },
      }),
    ).toThrow('cannot be precomputed');
  });
});
