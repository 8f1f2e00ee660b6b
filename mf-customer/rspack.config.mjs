import { remoteConfig } from '../scripts/rspack-config.mjs';

export default remoteConfig({ dir: import.meta.dirname, name: 'mf_customer', exposes: { './App': './src/App.tsx' } });
