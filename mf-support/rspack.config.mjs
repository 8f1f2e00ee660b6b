import { remoteConfig } from '../scripts/rspack-config.mjs';

export default remoteConfig({
  dir: import.meta.dirname,
  name: 'mf_support',
  exposes: {
    './App': './src/App.tsx',
    './HelpWidget': './src/help-widget/HelpWidget.tsx',
    './DocumentViewer': './src/document-viewer/DocumentViewer.tsx',
  },
});
