import { remoteConfig } from '../scripts/rspack-config.mjs';

export default remoteConfig({ dir: import.meta.dirname, name: 'mf_advisor', exposes: { './App': './src/App.tsx' } });
