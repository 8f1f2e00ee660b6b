/**
 * Writes packages/contracts/src/record-kinds.facts.json from the record-kind registry (issue 33): the zod-free facts
 * the browser reads (paths, families, parents, plan marks). packages/contracts/src/record-kinds.test.ts fails when the
 * file is stale. Run: npm run gen:kinds
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KINDS, kindFactsJson } from '../packages/contracts/src/record-kinds';

const file = join(import.meta.dirname, '../packages/contracts/src/record-kinds.facts.json');
writeFileSync(file, kindFactsJson(KINDS));
console.log(`wrote ${file}`);
