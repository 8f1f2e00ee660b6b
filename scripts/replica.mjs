#!/usr/bin/env node
// `node scripts/replica.mjs start|stop|status [--json]`: a PostgreSQL hot standby of the local primary (streaming
// replication over a replication slot) that svc-planning reads lag-tolerant data from (READ_DATABASE_URL; issue 37).
//
//   start   idempotent: when REPLICA_PORT answers and is in recovery, nothing to do. Otherwise: make sure the primary's
//           pg_hba.conf lets 127.0.0.1 replicate (the line is added only when missing, and said), take a base backup
//           into REPLICA_DATA_DIR (a stale one is removed) with the slot `kinfolio_replica`, start it on REPLICA_PORT
//           and wait until it is in recovery.
//   stop    stops the standby, removes its data directory and drops the slot (a slot nobody reads holds WAL forever).
//   status  whether it runs, and its lag behind the primary in bytes and seconds.
//
// The product works without a replica (reads stay on the primary): where the machine has no local PostgreSQL, or this
// user cannot act as the postgres user (not root, no password-less sudo), it says why and exits 0.
// Environment: PRIMARY_HOST (127.0.0.1), PRIMARY_PORT (5432), REPLICA_PORT (5433), REPLICA_DATA_DIR
// (/var/lib/postgresql/kinfolio-replica), REPLICA_SLOT (kinfolio_replica), PG_BIN (the PostgreSQL binaries).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const env = process.env;
export const settings = {
  primaryHost: env.PRIMARY_HOST ?? '127.0.0.1',
  primaryPort: Number(env.PRIMARY_PORT ?? 5432),
  port: Number(env.REPLICA_PORT ?? 5433),
  dataDir: env.REPLICA_DATA_DIR ?? '/var/lib/postgresql/kinfolio-replica',
  slot: env.REPLICA_SLOT ?? 'kinfolio_replica',
};
const NO_REPLICA = 'no replica: reads stay on the primary';

class NoReplica extends Error {}
const say = (m) => console.log(`[replica] ${m}`);

/** The directory of the PostgreSQL binaries: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin, else PATH's. */
function pgBin() {
  if (env.PG_BIN) return env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, 'bin', 'pg_basebackup')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v pg_basebackup'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim().replace(/\/pg_basebackup$/, '');
  return null;
}

/** How to run a command as the postgres user: directly, with runuser (root), or with password-less sudo. */
function asPostgresPrefix() {
  const me = spawnSync('id', ['-un'], { encoding: 'utf8' }).stdout?.trim();
  if (me === 'postgres') return [];
  if (process.getuid?.() === 0) return ['runuser', '-u', 'postgres', '--'];
  if (spawnSync('sudo', ['-n', '-u', 'postgres', 'true']).status === 0) return ['sudo', '-n', '-u', 'postgres', '--'];
  return null;
}
/** How to run a command as root (to edit pg_hba.conf owned by root or postgres): directly or with sudo. */
function asRootPrefix() {
  if (process.getuid?.() === 0) return [];
  if (spawnSync('sudo', ['-n', 'true']).status === 0) return ['sudo', '-n', '--'];
  return null;
}

function run(prefix, cmd, args, opts = {}) {
  const all = [...prefix, cmd, ...args];
  const r = spawnSync(all[0], all.slice(1), { encoding: 'utf8', ...opts });
  return { ok: r.status === 0, out: (r.stdout ?? '').trim(), err: (r.stderr ?? '').trim() || r.error?.message || '' };
}

/** One SQL statement through psql, rows as arrays of strings (unaligned, tab separated). */
function sql(bin, port, query, host = settings.primaryHost) {
  const r = run(
    [],
    join(bin, 'psql'),
    ['-h', host, '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-XAtqF', '\t', '-c', query],
    {
      env: { ...env, PGCONNECT_TIMEOUT: '3' },
    },
  );
  if (!r.ok) throw new Error(r.err || `psql failed: ${query}`);
  return r.out ? r.out.split('\n').map((line) => line.split('\t')) : [];
}
const answers = (bin, port) => run([], join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q']).ok;
const inRecovery = (bin, port) => {
  try {
    return sql(bin, port, 'SELECT pg_is_in_recovery()', '127.0.0.1')[0]?.[0] === 't';
  } catch {
    return false;
  }
};

function preflight() {
  const bin = pgBin();
  if (!bin || !existsSync(join(bin, 'psql'))) throw new NoReplica('PostgreSQL binaries not found (set PG_BIN)');
  if (!answers(bin, settings.primaryPort))
    throw new NoReplica(`no PostgreSQL answers on ${settings.primaryHost}:${settings.primaryPort}`);
  const pg = asPostgresPrefix();
  if (!pg) throw new NoReplica('this user is neither root nor postgres and has no password-less sudo');
  return { bin, pg };
}

/** Makes sure the primary lets 127.0.0.1 connect for replication; returns what it changed (or null). */
function ensureHba(bin) {
  const hbaFile = sql(bin, settings.primaryPort, 'SHOW hba_file')[0][0];
  // pg_hba_file_rules is what the server would load: any replication rule for the loopback counts
  const rules = sql(
    bin,
    settings.primaryPort,
    `SELECT count(*) FROM pg_hba_file_rules WHERE error IS NULL AND type IN ('host', 'hostnossl')
       AND 'replication' = ANY(database)
       AND CASE WHEN address IN ('all', 'samehost', 'samenet') THEN true
                WHEN netmask IS NULL OR family(address::inet) <> 4 THEN false
                ELSE ('127.0.0.1'::inet & netmask::inet) = (address::inet & netmask::inet) END`,
  );
  if (Number(rules[0][0]) > 0) return null;
  const line = 'host    replication     all             127.0.0.1/32            trust';
  const root = asRootPrefix() ?? asPostgresPrefix();
  const wrote = run(root, 'sh', [
    '-c',
    `printf '%s\\n' "$1" >> "$2"`,
    'sh',
    `${line} # kinfolio read replica`,
    hbaFile,
  ]);
  if (!wrote.ok) throw new NoReplica(`could not add a replication line to ${hbaFile}: ${wrote.err}`);
  sql(bin, settings.primaryPort, 'SELECT pg_reload_conf()');
  return `added "${line}" to ${hbaFile} and reloaded the primary`;
}

function checkPrimaryCanStream(bin) {
  const [[walLevel, senders, slots]] = sql(
    bin,
    settings.primaryPort,
    "SELECT current_setting('wal_level'), current_setting('max_wal_senders'), current_setting('max_replication_slots')",
  );
  if (walLevel === 'minimal')
    throw new NoReplica('the primary runs with wal_level=minimal (a restart with replica is needed)');
  if (Number(senders) < 1 || Number(slots) < 1)
    throw new NoReplica('the primary has max_wal_senders or max_replication_slots at 0 (a restart is needed)');
}

/** Settings a hot standby must hold at least as high as its primary's, and the primary's hba and ident files. */
function standbyConfig(bin) {
  const names = [
    'max_connections',
    'max_worker_processes',
    'max_wal_senders',
    'max_prepared_transactions',
    'max_locks_per_transaction',
  ];
  const rows = sql(
    bin,
    settings.primaryPort,
    `SELECT name, setting FROM pg_settings WHERE name IN (${names.map((n) => `'${n}'`).join(', ')})`,
  );
  const [[hbaFile, identFile, socketDir]] = sql(
    bin,
    settings.primaryPort,
    "SELECT current_setting('hba_file'), current_setting('ident_file'), current_setting('unix_socket_directories')",
  );
  const conf = [
    '# kinfolio read replica (scripts/replica.mjs): a hot standby of the primary on this machine',
    `port = ${settings.port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${socketDir.split(',')[0].trim() || '/tmp'}'`,
    'hot_standby = on',
    // report reads on the standby are not cancelled by the primary's vacuum (the primary keeps what they see)
    'hot_standby_feedback = on',
    'max_standby_streaming_delay = 5s',
    'wal_receiver_status_interval = 1s',
    'shared_buffers = 64MB',
    "log_line_prefix = '%m [%p] replica '",
    "timezone = 'Etc/UTC'",
    ...rows.map(([n, v]) => `${n} = ${v}`),
  ].join('\n');
  return {
    conf: `${conf}\n`,
    hba: readFileSync(hbaFile, 'utf8'),
    ident: existsSync(identFile) ? readFileSync(identFile, 'utf8') : '',
  };
}

function slotState(bin) {
  const rows = sql(
    bin,
    settings.primaryPort,
    `SELECT active FROM pg_replication_slots WHERE slot_name = '${settings.slot}'`,
  );
  return rows.length ? (rows[0][0] === 't' ? 'active' : 'inactive') : 'none';
}
function dropSlot(bin) {
  sql(
    bin,
    settings.primaryPort,
    `SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = '${settings.slot}' AND NOT active`,
  );
}

function pgCtl(bin, pg, args) {
  return run(pg, join(bin, 'pg_ctl'), ['-D', settings.dataDir, ...args]);
}

export async function start() {
  const bin = pgBin();
  if (bin && answers(bin, settings.port)) {
    if (inRecovery(bin, settings.port)) {
      say(`a standby already runs on 127.0.0.1:${settings.port}: nothing to do`);
      return status({ quiet: false });
    }
    throw new NoReplica(`port ${settings.port} answers but is not a standby (REPLICA_PORT picks another port)`);
  }
  const { pg } = preflight();
  checkPrimaryCanStream(bin);
  const changed = ensureHba(bin);
  if (changed) say(changed);

  // a stale standby (stopped, or its server gone): stop what may run there, remove its data, free the slot
  if (existsSync(settings.dataDir)) {
    pgCtl(bin, pg, ['stop', '-m', 'immediate', '-w']);
    say(`removing the stale data directory ${settings.dataDir}`);
    const rm = run(asRootPrefix() ?? pg, 'rm', ['-rf', settings.dataDir]);
    if (!rm.ok) throw new NoReplica(`could not remove ${settings.dataDir}: ${rm.err}`);
  }
  const slot = slotState(bin);
  if (slot === 'active') throw new NoReplica(`the slot ${settings.slot} is in use by another standby`);
  if (slot === 'inactive') dropSlot(bin);

  const mk = run(pg, 'mkdir', ['-p', '-m', '0700', settings.dataDir]);
  if (!mk.ok) {
    const root = asRootPrefix();
    const made =
      root &&
      run(root, 'sh', [
        '-c',
        'mkdir -p "$1" && chown postgres:postgres "$1" && chmod 0700 "$1"',
        'sh',
        settings.dataDir,
      ]);
    if (!made?.ok) throw new NoReplica(`could not create ${settings.dataDir} for the postgres user`);
  }
  const t0 = Date.now();
  const backup = run(pg, join(bin, 'pg_basebackup'), [
    '-h',
    settings.primaryHost,
    '-p',
    String(settings.primaryPort),
    '-U',
    'postgres',
    '-D',
    settings.dataDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '-C',
    '-S',
    settings.slot,
  ]);
  if (!backup.ok) throw new Error(`pg_basebackup failed: ${backup.err}`);
  say(
    `base backup of ${settings.primaryHost}:${settings.primaryPort} into ${settings.dataDir} in ${Date.now() - t0} ms`,
  );

  // Debian keeps postgresql.conf and pg_hba.conf in /etc: the standby gets its own, with the primary's access rules
  const cfg = standbyConfig(bin);
  for (const [file, text] of [
    ['postgresql.conf', cfg.conf],
    ['pg_hba.conf', cfg.hba],
    ['pg_ident.conf', cfg.ident],
  ]) {
    const w = run(pg, 'sh', ['-c', 'cat > "$1" && chmod 0600 "$1"', 'sh', join(settings.dataDir, file)], {
      input: text,
    });
    if (!w.ok) throw new Error(`could not write ${file}: ${w.err}`);
  }
  const started = pgCtl(bin, pg, ['-l', join(settings.dataDir, 'log'), '-w', '-t', '60', 'start']);
  if (!started.ok)
    throw new Error(`the standby did not start: ${started.err || started.out} (see ${settings.dataDir}/log)`);
  for (let i = 0; i < 120 && !inRecovery(bin, settings.port); i++) await new Promise((r) => setTimeout(r, 500));
  if (!inRecovery(bin, settings.port))
    throw new Error(`the standby on ${settings.port} is not in recovery (see ${settings.dataDir}/log)`);
  say(`hot standby in recovery on 127.0.0.1:${settings.port} (slot ${settings.slot}) after ${Date.now() - t0} ms`);
  return status({ quiet: false });
}

export function stop() {
  const { bin, pg } = preflight();
  if (existsSync(settings.dataDir)) {
    const r = pgCtl(bin, pg, ['stop', '-m', 'fast', '-w']);
    say(r.ok ? `standby on ${settings.port} stopped` : `no standby ran from ${settings.dataDir}`);
    const rm = run(asRootPrefix() ?? pg, 'rm', ['-rf', settings.dataDir]);
    if (rm.ok) say(`removed ${settings.dataDir}`);
  } else say(`no standby data directory at ${settings.dataDir}`);
  if (slotState(bin) !== 'none') {
    dropSlot(bin);
    say(slotState(bin) === 'none' ? `dropped the slot ${settings.slot}` : `the slot ${settings.slot} is still active`);
  }
}

/** The standby's state and lag: bytes between the primary's WAL position and what the standby replayed, and seconds. */
export function status({ quiet = true } = {}) {
  const bin = pgBin();
  const out = { running: false, port: settings.port, inRecovery: false, lagBytes: null, lagSeconds: null, slot: null };
  if (bin && answers(bin, settings.port)) {
    out.running = true;
    out.inRecovery = inRecovery(bin, settings.port);
    if (out.inRecovery) {
      const [[replay, receive, seconds]] = sql(
        bin,
        settings.port,
        `SELECT pg_last_wal_replay_lsn(), pg_last_wal_receive_lsn(),
                CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
                     ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp()) END`,
        '127.0.0.1',
      );
      Object.assign(out, {
        replayLsn: replay,
        receiveLsn: receive,
        lagSeconds: seconds === '' ? null : Number(seconds),
      });
      try {
        const [[bytes, current]] = sql(
          bin,
          settings.primaryPort,
          `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '${replay}'), pg_current_wal_lsn()`,
        );
        Object.assign(out, { lagBytes: Math.max(0, Number(bytes)), primaryLsn: current });
        out.slot = slotState(bin);
      } catch {
        /* the primary is down: the lag in bytes is unknown */
      }
    }
  }
  if (!quiet) {
    if (!out.running) say(`no standby answers on 127.0.0.1:${settings.port}`);
    else if (!out.inRecovery) say(`port ${settings.port} answers but is not in recovery (not a standby)`);
    else
      say(
        `standby on 127.0.0.1:${settings.port}: replayed ${out.replayLsn}, lag ${out.lagBytes ?? '?'} bytes, ${out.lagSeconds ?? '?'} s; slot ${settings.slot} ${out.slot ?? '?'}`,
      );
  }
  return out;
}

/**
 * Starts the standby unless it runs; the URL of `database` on it when it is in recovery, else null (with the reason
 * said: the product then reads from the primary). `databaseUrl` is the primary's URL (its user and database are kept).
 */
export async function ensureReplicaUrl(databaseUrl) {
  try {
    await start();
  } catch (e) {
    say(`${e.message}: ${NO_REPLICA}`);
    return null;
  }
  if (!status().inRecovery) return null;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(settings.port);
  return url.toString();
}

async function main() {
  const [cmd] = process.argv.slice(2);
  const json = process.argv.includes('--json');
  try {
    if (cmd === 'start') await start();
    else if (cmd === 'stop') stop();
    else if (cmd === 'status') {
      const s = status({ quiet: json });
      if (json) console.log(JSON.stringify(s));
    } else {
      console.error('usage: node scripts/replica.mjs start|stop|status [--json]');
      process.exit(2);
    }
  } catch (e) {
    if (e instanceof NoReplica) {
      say(`${e.message}: ${NO_REPLICA}`);
      return;
    }
    console.error(`[replica] ${e.message}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
