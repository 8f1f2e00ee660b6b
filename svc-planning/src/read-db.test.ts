import { lsnKey, MemoryCache, type ServiceContext } from '@kinfolio/service-kit';
import {
  householdWrite,
  householdWritten,
  readerFor,
  readStats,
  route,
  sharedDataWritten,
  startReadRouting,
} from './read-db';

const L = (lsn: string) => lsnKey(lsn);

describe('read routing decision (route)', () => {
  it('reads the replica when nothing was written or the replica replayed the last write', () => {
    expect(route([{ pending: 0, lsn: null }], L('0/100'))).toBe('replica');
    expect(route([{ pending: 0, lsn: L('0/100') }], L('0/100'))).toBe('replica');
    expect(route([{ pending: 0, lsn: L('0/FF') }], L('1/0'))).toBe('replica');
  });
  it('reads the primary while a write is in flight or the replica is behind any mark (household or shared)', () => {
    expect(route([{ pending: 1, lsn: null }], L('9/0'))).toBe('ryw_primary');
    expect(route([{ pending: 0, lsn: L('0/101') }], L('0/100'))).toBe('ryw_primary');
    // 0/FFFFFFFF < 1/0: LSNs compare as numbers, not as the strings PostgreSQL prints
    expect(route([{ pending: 0, lsn: L('1/0') }], L('0/FFFFFFFF'))).toBe('ryw_primary');
    expect(
      route(
        [
          { pending: 0, lsn: L('0/100') },
          { pending: 0, lsn: L('0/200') },
        ],
        L('0/150'),
      ),
    ).toBe('ryw_primary');
    // a mark whose end ran after its TTL went (the count below 0) is no write in flight
    expect(route([{ pending: -1, lsn: null }], L('0/1'))).toBe('replica');
  });
  it('reads the primary when the replica does not answer', () => {
    expect(route([{ pending: 0, lsn: null }], null)).toBe('primary');
  });
});

describe('read-your-writes marks (one service, marks in memory)', () => {
  /** A primary whose WAL position the test sets, a replica whose replay position the test sets. */
  function service() {
    const config = {};
    const wal = { primary: '0/100', replayed: '0/100' as string | null };
    const primary = {
      client: { config },
      isTransaction: false,
      raw: async () => ({ rows: [{ lsn: wal.primary }] }),
    };
    const replicaDb = { replica: true };
    const replica = {
      db: replicaDb,
      available: true,
      replayPosition: async () => (wal.replayed === null ? null : lsnKey(wal.replayed)),
    };
    const logger = { warn: jest.fn(), info: jest.fn() };
    const ctx = { db: primary, replica, ports: { cache: new MemoryCache() }, logger } as unknown as ServiceContext;
    startReadRouting(ctx);
    /** A transaction of the primary: commit() or rollback() settles it. */
    const trx = () => {
      let settle!: { commit: () => void; rollback: () => void };
      const executionPromise = new Promise<void>((resolve, reject) => {
        settle = { commit: () => resolve(), rollback: () => reject(new Error('rolled back')) };
      });
      executionPromise.catch(() => undefined);
      return { t: { client: { config }, isTransaction: true, executionPromise } as never, ...settle };
    };
    const reads = async (id: string) =>
      (await readerFor(ctx, { id })) === (replicaDb as never) ? 'replica' : 'primary';
    return { ctx, wal, trx, reads };
  }
  const settled = () => new Promise((r) => setTimeout(r, 5));

  it('keeps a household on the primary from inside its write until the replica replayed the commit', async () => {
    const s = service();
    expect(await s.reads('h1')).toBe('replica');
    const w = s.trx();
    await householdWritten(w.t, { id: 'h1' });
    await householdWritten(w.t, { id: 'h1' }); // twice in one transaction: one mark
    expect(await s.reads('h1')).toBe('primary'); // in flight
    expect(await s.reads('h2')).toBe('replica'); // another household is not held back
    s.wal.primary = '0/200';
    w.commit();
    await settled();
    expect(await s.reads('h1')).toBe('primary'); // committed at 0/200, replica at 0/100
    s.wal.replayed = '0/200';
    expect(await s.reads('h1')).toBe('replica');
    expect(readStats(s.ctx)).toEqual({ replica: 3, primary: 0, ryw_primary: 2 });
  });

  it('a write in a savepoint is marked until the outermost transaction commits', async () => {
    const s = service();
    const outer = s.trx();
    const inner = {
      client: { config: (s.ctx.db.client as { config: object }).config },
      isTransaction: true,
      parentTransaction: outer.t,
      executionPromise: Promise.resolve(),
    };
    await householdWritten(inner as never, { id: 'h1' });
    await settled(); // the savepoint is released: still in flight
    expect(await s.reads('h1')).toBe('primary');
    s.wal.primary = '0/200';
    outer.commit();
    await settled();
    s.wal.replayed = '0/200';
    expect(await s.reads('h1')).toBe('replica');
  });

  it('a rolled back write ends its mark without a position; a write outside a transaction is marked at once', async () => {
    const s = service();
    const w = s.trx();
    await householdWritten(w.t, { id: 'h1' });
    w.rollback();
    await settled();
    expect(await s.reads('h1')).toBe('replica');
    s.wal.primary = '0/300';
    await householdWritten(s.ctx.db, { id: 'h1' });
    expect(await s.reads('h1')).toBe('primary');
    s.wal.replayed = '0/300';
    expect(await s.reads('h1')).toBe('replica');
  });

  it('a one-statement write outside a transaction is marked while it runs, and its position stored after it', async () => {
    const s = service();
    let during = '';
    const out = await householdWrite(s.ctx.db, { id: 'h1' }, async () => {
      during = await s.reads('h1');
      s.wal.primary = '0/500';
      return 7;
    });
    expect([out, during]).toEqual([7, 'primary']);
    expect(await s.reads('h1')).toBe('primary');
    s.wal.replayed = '0/500';
    expect(await s.reads('h1')).toBe('replica');
    // a failed statement ends its mark without a position
    await expect(
      householdWrite(s.ctx.db, { id: 'h2' }, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await s.reads('h2')).toBe('replica');
  });

  it('a write of shared data (thresholds, rate tables) holds every household on the primary', async () => {
    const s = service();
    s.wal.primary = '0/400';
    await sharedDataWritten(s.ctx.db);
    expect(await s.reads('any')).toBe('primary');
    s.wal.replayed = '0/400';
    expect(await s.reads('any')).toBe('replica');
  });

  it('a replica that does not answer sends reads to the primary, counted as such', async () => {
    const s = service();
    s.wal.replayed = null;
    expect(await s.reads('h1')).toBe('primary');
    expect(readStats(s.ctx)).toEqual({ replica: 0, primary: 1, ryw_primary: 0 });
  });

  it('without a replica (embedded mode), reads use the one database and no stats are kept', async () => {
    const db = { client: { config: {} } };
    const ctx = { db } as unknown as ServiceContext;
    startReadRouting(ctx);
    expect(await readerFor(ctx, { id: 'h1' })).toBe(db);
    expect(readStats(ctx)).toBeNull();
  });
});
