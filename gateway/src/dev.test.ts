import { isLoopback } from './dev';

describe('isLoopback (who may read the offline mailbox)', () => {
  it('accepts 127.0.0.0/8 and ::1, also IPv4-mapped', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.9'])
      expect([a, isLoopback(a)]).toEqual([a, true]);
  });
  it('refuses every other address, and none', () => {
    for (const a of [
      undefined,
      '',
      '0.0.0.0',
      '10.0.0.1',
      '192.0.2.2',
      '::ffff:10.0.0.1',
      '::',
      'fe80::1',
      '1270.0.0.1',
      '127.0.0.1.evil',
      '128.0.0.1',
    ])
      expect([a, isLoopback(a)]).toEqual([a, false]);
  });
});
