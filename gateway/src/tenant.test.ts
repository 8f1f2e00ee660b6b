import { tenantFromHost, validHost } from './tenant';

describe('tenantFromHost', () => {
  const pub = 'http://kinfolio.app';
  it.each([
    ['jane.kinfolio.app', 'jane'],
    ['Jane.Kinfolio.App', 'jane'],
    ['jane.kinfolio.app:443', 'jane'],
    ['jane-doe.kinfolio.app', 'jane-doe'],
    ['jane.localhost:8080', 'jane'],
    ['jane.localhost', 'jane'],
  ])('%s is tenant %s', (host, tenant) => {
    expect(tenantFromHost(host, pub)).toBe(tenant);
  });

  it.each([
    ['kinfolio.app'],
    ['www.kinfolio.app'],
    ['dev.kinfolio.app'],
    ['localhost.kinfolio.app'],
    ['localhost:8080'],
    ['localhost'],
    ['www.localhost:8080'],
    ['127.0.0.1:8080'],
    ['[::1]:8080'],
    ['a.b.kinfolio.app'],
    ['jane.evil.com'],
    ['-bad.kinfolio.app'],
    ['bad_label.kinfolio.app'],
    [''],
  ])('%s is no tenant', (host) => {
    expect(tenantFromHost(host, pub)).toBeUndefined();
  });

  it('works with a public URL on localhost and a port', () => {
    expect(tenantFromHost('jane.localhost:8080', 'http://localhost:8080')).toBe('jane');
    expect(tenantFromHost('localhost:8080', 'http://localhost:8080')).toBeUndefined();
  });

  it('is undefined without a host header', () => {
    expect(tenantFromHost(undefined, pub)).toBeUndefined();
  });
});

describe('a Host that is not a host name and an optional port (issue 30 item 8)', () => {
  it.each([
    ['demo-advisor.localhost:8080@evil.example'],
    ['demo-advisor.localhost@evil.example'],
    ['jane.kinfolio.app:443@evil.example'],
    ['jane.kinfolio.app/evil'],
    ['jane.kinfolio.app:80:80'],
    ['jane.kinfolio.app:99999'],
    ['jane.kinfolio.app:'],
    ['jane kinfolio.app'],
    ['user:pass@jane.kinfolio.app'],
  ])('%s names no tenant and is not a valid host', (host) => {
    expect(tenantFromHost(host, 'http://kinfolio.app')).toBeUndefined();
    expect(validHost(host)).toBe(false);
  });

  it.each([
    ['kinfolio.app'],
    ['jane.localhost:8080'],
    ['127.0.0.1:8103'],
    ['[::1]:8080'],
    ['kinfolio.app.'],
    ['LOCALHOST'],
  ])('%s is a valid host', (host) => {
    expect(validHost(host)).toBe(true);
  });
});
