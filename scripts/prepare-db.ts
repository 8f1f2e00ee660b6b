// Part of `npm run build`: makes the pristine PGlite data directory that embedded mode copies for each service, so
// the first `npm start` on a built tree runs no initdb.
import { preparePgliteTemplate } from '@kinfolio/service-kit';

const started = Date.now();
preparePgliteTemplate().then(
  (dir) => console.log(`✓ PGlite template in ${((Date.now() - started) / 1000).toFixed(1)} s → ${dir}`),
  (err: unknown) => {
    console.error('PGlite template not made:', err);
    process.exit(1);
  },
);
