import { hostConfig } from '../scripts/rspack-config.mjs';

export default hostConfig({ dir: import.meta.dirname });
