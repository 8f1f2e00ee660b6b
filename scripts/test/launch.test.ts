import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import {
  httpProbe,
  isLoopbackHost,
  listenHost,
  nodeIsRecentEnough,
  requireNode,
  restartDelay,
  supervise,
} from '../launch.mjs';

/** A stand-in child process: `die()` makes it exit as a crash would. */
class FakeChild extends EventEmitter {
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  kill(signal: NodeJS.Signals) {
    this.signalCode = signal;
    this.emit('exit', null, signal);
    return true;
  }
  die() {
    this.exitCode = 1;
    this.emit('exit', 1, null);
  }
}

describe('launchers', () => {
  // issue 10 item 18: the dependencies need Node 20.19; an older one gets a clear message and exit 1
  it('refuses a Node older than 20.19 and says which one it needs', () => {
    expect(['v20.18.3', 'v18.20.0', 'v20.9.0'].map((v) => nodeIsRecentEnough(v))).toEqual([false, false, false]);
    expect(['v20.19.0', 'v20.20.0', 'v22.15.0', 'v24.0.0'].map((v) => nodeIsRecentEnough(v))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const errors: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(m));
    const exit = jest.fn();
    expect(requireNode('v20.18.1', exit)).toBe(false);
    spy.mockRestore();
    expect(exit).toHaveBeenCalledWith(1);
    expect(errors.join()).toMatch(/needs Node\.js 20\.19\.0 or newer; this is Node\.js 20\.18\.1/);
    expect(requireNode(process.version, exit)).toBe(true);
  });

  // issue 10 item 5: embedded mode listens on loopback unless HOST says otherwise, and warns when it does
  it('listens on 127.0.0.1 by default and warns when HOST opens it to the network', () => {
    const warn = jest.fn();
    expect(listenHost({}, warn)).toBe('127.0.0.1');
    expect(listenHost({ HOST: 'localhost' }, warn)).toBe('localhost');
    expect(warn).not.toHaveBeenCalled();
    expect(listenHost({ HOST: '0.0.0.0' }, warn)).toBe('0.0.0.0');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/WARNING: HOST=0\.0\.0\.0.*demo accounts/));
    expect(['127.0.0.1', '::1', '[::1]', '127.1.2.3'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.4', '128.0.0.1'].some(isLoopbackHost)).toBe(false);
  });

  // issue 10 item 19: a child that dies is started again, with a growing, capped delay, and the log says so
  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => restartDelay(n))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('restarts a killed child and stops restarting once stopped', async () => {
    const lines: string[] = [];
    const start = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const s = supervise('svc-test#1', start, { log: (m: string) => lines.push(m), base: 50, cap: 200 });
    const first = s.child;
    first.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (s.starts < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(s.starts).toBe(2);
    expect(s.child.pid).not.toBe(first.pid);
    expect(lines).toEqual(['svc-test#1 exited (signal SIGKILL); restarting in 50 ms (restart 1 in a row)']);
    await s.stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(s.starts).toBe(2);
    expect(s.child.exitCode !== null || s.child.signalCode !== null).toBe(true);
  });

  // issue 30: crashes seconds apart after healthy runs kept doubling the delay (2 → 4 → 8 → 16 s); a child that came
  // back and answered its probe (/readyz) for 10 s starts over at the base delay
  describe('back-off that starts over after a healthy period', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const supervised = (probe?: () => boolean) => {
      const lines: string[] = [];
      const children: FakeChild[] = [];
      const start = () => {
        const c = new FakeChild();
        children.push(c);
        return c as unknown as ChildProcess;
      };
      const s = supervise('svc-support#1', start, { log: (m: string) => lines.push(m), base: 2_000, probe });
      const crash = async (afterMs: number) => {
        await jest.advanceTimersByTimeAsync(afterMs);
        children.at(-1)!.die();
        const delay = Number(/restarting in (\d+) ms/.exec(lines.at(-1) ?? '')?.[1]);
        await jest.advanceTimersByTimeAsync(delay);
        return delay;
      };
      return { s, lines, children, crash };
    };

    it('restarts at the base delay again once the child answered its probe for 10 s', async () => {
      let ready = true;
      const { s, crash, children } = supervised(() => ready);
      // crashes 3 s apart: the delay doubles
      expect([await crash(3_000), await crash(3_000), await crash(3_000)]).toEqual([2_000, 4_000, 8_000]);
      // back up and ready for 12 s, then the next malformed request: base delay again, then doubling from there
      expect(await crash(12_000)).toBe(2_000);
      expect(await crash(3_000)).toBe(4_000);
      // running 20 s but never ready (its /readyz failing) is not healthy: the count goes on
      ready = false;
      expect(await crash(20_000)).toBe(8_000);
      expect(children).toHaveLength(7);
      await s.stop();
    });

    it('does not restart a first run that exited before it was ever ready (npm start: a port in use)', async () => {
      const lines: string[] = [];
      const children: FakeChild[] = [];
      const failed = jest.fn();
      const start = () => {
        const c = new FakeChild();
        children.push(c);
        return c as unknown as ChildProcess;
      };
      const s = supervise('kinfolio (embedded)', start, {
        log: (m: string) => lines.push(m),
        probe: () => false,
        onStartFailed: failed,
      });
      await jest.advanceTimersByTimeAsync(3_000);
      children[0]!.die();
      await jest.advanceTimersByTimeAsync(60_000);
      expect(failed).toHaveBeenCalledWith(1, null);
      expect(s.starts).toBe(1);
      expect(lines).toEqual(['kinfolio (embedded) exited (code 1) before it was ready; not restarting']);
      // once it was ready, a later crash is restarted (and logged) like any other
      const again = supervise('kinfolio (embedded)', start, {
        log: (m: string) => lines.push(m),
        probe: () => true,
        onStartFailed: failed,
      });
      await jest.advanceTimersByTimeAsync(3_000);
      children[1]!.die();
      await jest.advanceTimersByTimeAsync(500);
      expect(again.starts).toBe(2);
      expect(lines.at(-1)).toBe('kinfolio (embedded) exited (code 1); restarting in 500 ms (restart 1 in a row)');
      expect(failed).toHaveBeenCalledTimes(1);
      await again.stop();
    });

    it('takes a ready message over IPC as ready, even before the probe has looked (a crash right after start)', async () => {
      const lines: string[] = [];
      const children: FakeChild[] = [];
      const failed = jest.fn();
      const s = supervise(
        'kinfolio (embedded)',
        () => {
          const c = new FakeChild();
          children.push(c);
          return c as unknown as ChildProcess;
        },
        { log: (m: string) => lines.push(m), probe: () => false, onStartFailed: failed },
      );
      // the process serves and says so, then is killed before the probe's next look
      children[0]!.emit('message', { type: 'ready' });
      children[0]!.kill('SIGKILL');
      await jest.advanceTimersByTimeAsync(500);
      expect(failed).not.toHaveBeenCalled();
      expect(s.starts).toBe(2);
      expect(lines).toEqual(['kinfolio (embedded) exited (signal SIGKILL); restarting in 500 ms (restart 1 in a row)']);
      await s.stop();
    });

    it('without a probe, 10 s of uptime is a healthy period', async () => {
      const { s, crash } = supervised();
      expect([await crash(1_000), await crash(1_000)]).toEqual([2_000, 4_000]);
      expect(await crash(10_500)).toBe(2_000);
      await s.stop();
    });
  });

  it('probes a child over HTTP: true on a 2xx, false on an error status or when nothing listens', async () => {
    let status = 200;
    const server = createServer((_req, res) => {
      res.statusCode = status;
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const probe = httpProbe(`http://127.0.0.1:${port}/readyz`, 500);
    expect(await probe()).toBe(true);
    status = 503;
    expect(await probe()).toBe(false);
    await new Promise<void>((r) => server.close(() => r()));
    expect(await probe()).toBe(false);
  });
});
