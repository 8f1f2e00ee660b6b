import { lsnKey, ReadReplica } from './read-replica';

describe('lsnKey', () => {
  it('makes WAL positions comparable as strings', () => {
    expect(lsnKey('16/B374D848')).toBe('00000016B374D848');
    expect(lsnKey('0/ffffffff') < lsnKey('1/0')).toBe(true);
    expect(lsnKey('0/A') < lsnKey('0/10')).toBe(true);
  });
});

describe('ReadReplica', () => {
  it('a replica that does not answer: no replay position, left alone for a while, one warning per outage', async () => {
    const logger = { warn: jest.fn(), info: jest.fn(), debug: jest.fn() };
    const r = new ReadReplica('postgres://postgres@127.0.0.1:1/postgres', 'x', logger as never, {
      retryMs: 60_000,
      probeTimeoutMs: 3000,
    });
    try {
      expect(r.available).toBe(true);
      expect(await r.replayPosition()).toBeNull();
      expect(r.available).toBe(false);
      expect(await r.replayed(lsnKey('0/0'))).toBe(false);
      r.failed(new Error('again'));
      expect(logger.warn).toHaveBeenCalledTimes(1);
    } finally {
      await r.close();
    }
  });
});
