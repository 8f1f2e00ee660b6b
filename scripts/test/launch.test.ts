import { spawn } from 'node:child_process';
import { isLoopbackHost, listenHost, nodeIsRecentEnough, requireNode, restartDelay, supervise } from '../launch.mjs';

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
});
