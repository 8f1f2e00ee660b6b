// Shared rspack configuration for the shell (Module Federation host) and the four remotes.
//
//   remote: import { remoteConfig } from '../scripts/rspack-config.mjs';
//           export default remoteConfig({ dir: import.meta.dirname, name: 'mf_advisor', exposes: { './App': './src/App.tsx' } });
//   host:   export default hostConfig({ dir: import.meta.dirname });
//
// Remotes are never listed in the host at build time: the shell registers them at runtime from /remotes.json, so a
// remote that is down cannot blank the shell. React, react-dom, react-router(-dom), styled-components and
// @kinfolio/ui-kit are shared singletons, so the session context and the theme are one across every remote.
// The remotes take the federation runtime core from the shell (externalRuntime / provideExternalRuntime), so it
// loads once, not once more in every remoteEntry.js (issue 30).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import rspack from '@rspack/core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'package.json'));

function versionOf(pkg) {
  try {
    return JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;
  } catch {
    return JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  }
}

/** The shared singletons (issue 2 §6: React, react-dom, react-router-dom and styled-components load once). */
export function sharedSingletons() {
  const lib = (name, pkg = name) => ({
    singleton: true,
    requiredVersion: `^${versionOf(pkg)}`,
    version: versionOf(pkg),
  });
  return {
    react: lib('react'),
    'react/jsx-runtime': lib('react/jsx-runtime', 'react'),
    'react-dom': lib('react-dom'),
    // Both names resolve to the slim router entry (see reactRouterAlias); versions are react-router's own.
    'react-router-dom': { ...lib('react-router-dom'), import: 'react-router-dom' },
    'react-router': { ...lib('react-router'), import: 'react-router' },
    'styled-components': lib('styled-components'),
    '@kinfolio/ui-kit': { singleton: true, requiredVersion: false, version: versionOf('@kinfolio/ui-kit') },
    // @kinfolio/support-ui is deliberately not shared: mf-support and mf-admin each bundle it and so each keep their
    // own socket (docs/decisions/support-ui.md); sharing it would also put it in the shell's preloaded chunks.
  };
}

/**
 * react-router(-dom) → packages/ui-kit/router/slim.mjs, which re-exports the declarative API from react-router's
 * production (or development) build. Shared as a singleton, a package is never tree-shaken, and all of react-router
 * is ~58 KB gzip; the slim entry keeps the shell's first load within budget.
 */
export const ROUTER_SLIM = join(ROOT, 'packages', 'ui-kit', 'router', 'slim.mjs');
function reactRouterAlias(prod) {
  const dir = join(dirname(require.resolve('react-router/package.json')), 'dist', prod ? 'production' : 'development');
  const index = join(dir, 'index.mjs');
  if (!existsSync(index) || !existsSync(ROUTER_SLIM)) return {};
  return { 'react-router-dom$': ROUTER_SLIM, 'react-router$': ROUTER_SLIM, '@kinfolio/react-router-full$': index };
}

const isProd = (mode) => (mode ?? process.env.NODE_ENV ?? 'production') !== 'development';

function baseConfig({ dir, name, mode, publicPath, entry }) {
  const prod = isProd(mode);
  return {
    context: dir,
    mode: prod ? 'production' : 'development',
    devtool: prod ? false : 'eval-cheap-module-source-map',
    entry,
    output: {
      path: join(dir, 'dist'),
      publicPath,
      uniqueName: name,
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      alias: reactRouterAlias(prod),
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !prod, refresh: false } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/i, type: 'asset' },
        { test: /\.css$/i, type: 'css/auto' },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/**
 * A remote: container `name` (an identifier such as `mf_advisor`), `exposes` as in Module Federation. Built to
 * `<dir>/dist` with `mf-manifest.json` and `remoteEntry.js`; publicPath 'auto' so the gateway can serve it under any
 * prefix (it uses /mf/<folder>/).
 */
export function remoteConfig({ dir, name, exposes, mode, shared = {} }) {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`remote container name must be an identifier: ${name}`);
  const cfg = baseConfig({ dir, name, mode, publicPath: 'auto', entry: {} });
  cfg.plugins = [
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes,
      shared: { ...sharedSingletons(), ...shared },
      manifest: true,
      dts: false,
      // the federation runtime core comes from the shell (provideExternalRuntime there), not a copy per remoteEntry
      experiments: { externalRuntime: true },
    }),
  ];
  return cfg;
}

/**
 * Adds `<link rel="preload" as="script">` for the shell's async chunks (the shared singletons and the app behind the
 * async boundary), so they download in parallel with the entry instead of after it has run. Everything the shell
 * builds is needed at start (its pages are small; the signed-in areas are remotes), so every async chunk is listed,
 * except those behind an import named `lazy-…` (the on-boarding fact-find, socket.io-client for live households).
 */
class PreloadAsyncChunksPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadAsyncChunksPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'PreloadAsyncChunksPlugin',
        async (data) => {
          const entryFiles = new Set();
          for (const ep of compilation.entrypoints.values()) for (const f of ep.getFiles()) entryFiles.add(f);
          const publicPath =
            typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '/';
          // Chunks behind a `lazy-` named import (webpackChunkName) load when their screen opens: not preloaded,
          // unless a chunk outside them needs the same file.
          const lazyFiles = new Set();
          const neededFiles = new Set();
          for (const group of compilation.chunkGroups) {
            const lazy = typeof group.name === 'string' && group.name.startsWith('lazy-');
            for (const chunk of group.chunks) for (const f of chunk.files) (lazy ? lazyFiles : neededFiles).add(f);
          }
          const files = Object.keys(compilation.assets)
            .filter((f) => f.endsWith('.js') && !entryFiles.has(f) && (!lazyFiles.has(f) || neededFiles.has(f)))
            .sort();
          const links = files.map((f) => `<link rel="preload" as="script" href="${publicPath}${f}">`).join('');
          data.html = data.html.replace('</head>', `${links}</head>`);
          return data;
        },
      );
    });
  }
}

/** The shell: host without build-time remotes, index.html from `src/index.html`, served at `/`. */
export function hostConfig({ dir, mode, name = 'kf_shell', shared = {}, eager = false, preload = true }) {
  const entry = existsSync(join(dir, 'src/index.tsx')) ? './src/index.tsx' : './src/index.ts';
  const cfg = baseConfig({ dir, name, mode, publicPath: '/', entry: { main: entry } });
  cfg.plugins = [
    new rspack.HtmlRspackPlugin({
      template: join(dir, 'src/index.html'),
      inject: 'body',
      scriptLoading: 'defer',
      minify: isProd(mode),
    }),
    new ModuleFederationPlugin({
      name,
      remotes: {},
      // The host provides the singletons eagerly (in its first chunk): no async boundary and one request fewer
      // before the first paint; the remotes consume the host's copies.
      shared: Object.fromEntries(
        Object.entries({ ...sharedSingletons(), ...shared }).map(([k, v]) => [k, { ...v, eager }]),
      ),
      manifest: false,
      dts: false,
      // the remotes use this runtime core (their externalRuntime) instead of each bundling its own 33 KB gz copy
      experiments: { provideExternalRuntime: true },
    }),
    ...(preload && !eager ? [new PreloadAsyncChunksPlugin()] : []),
  ];
  cfg.optimization = { splitChunks: { chunks: 'async' } };
  return cfg;
}
