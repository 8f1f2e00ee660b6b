/**
 * A newcomer's first `npm install` is quiet (issue 30 item 16): no EBADENGINE warning for the Node versions the
 * project supports, and no "install scripts not yet covered by allowScripts" warning. Both are read from the lock
 * file npm installs from, so a dependency bump that brings a warning back fails here before anyone installs it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = join(__dirname, '..', '..');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

interface LockEntry {
  version?: string;
  engines?: Record<string, string> | string[];
  hasInstallScript?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
}

const pkg = read('package.json') as { engines: { node: string }; allowScripts?: Record<string, boolean> };
const lock = read('package-lock.json') as { packages: Record<string, LockEntry> };
const installed = Object.entries(lock.packages).filter(([path]) => path.startsWith('node_modules/') || path === '');
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('a first install', () => {
  const lowest = semver.minVersion(pkg.engines.node);

  it('supports the Node versions the project declares', () => {
    expect(lowest?.version).toBe('20.19.0');
  });

  it.each([['20.19.0'], ['22.12.0']])('installs every package without an engine warning on Node %s', (node) => {
    const refusing = installed
      .filter(([, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted !== undefined && !semver.satisfies(node, wanted, { includePrerelease: true });
      })
      .map(
        ([path, entry]) => `${nameOf(path)}@${entry.version} wants node ${(entry.engines as { node: string }).node}`,
      );
    expect(refusing).toEqual([]);
  });

  it('runs only install scripts that allowScripts names', () => {
    const allowed = pkg.allowScripts ?? {};
    const uncovered = installed
      .filter(([path, entry]) => entry.hasInstallScript && path !== '')
      .map(([path, entry]) => ({ name: nameOf(path), version: entry.version }))
      .filter(({ name, version }) => !(name in allowed) && !(`${name}@${version}` in allowed))
      .map(({ name, version }) => `${name}@${version}`);
    expect(uncovered).toEqual([]);
  });
});
