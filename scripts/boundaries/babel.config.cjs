// The babel configuration dependency-cruiser uses to read this repo's TypeScript (see imports-only.cjs).
'use strict';

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [require.resolve('./imports-only.cjs')],
};
