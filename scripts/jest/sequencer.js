// Jest runs the slowest test files first, so no worker is left with a long file at the end. It knows a file's time
// from its own cache of earlier runs, which a fresh clone (CI) does not have: there it fell back to file size and
// started the longest component files last (measured: component step 293 s cold against 243 s with the times known).
// This sequencer falls back to the times recorded in durations.json instead, and to file size only for a file that is
// in neither. Refresh the file after test files change much:
//   npx jest --selectProjects unit component --json --outputFile=/tmp/jest.json; node scripts/jest/sequencer.js /tmp/jest.json
const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const root = join(__dirname, '../..');
const file = join(__dirname, 'durations.json');

class RecordedTimesSequencer extends Sequencer {
  constructor(...args) {
    super(...args);
    /** Milliseconds by path relative to the repository. */
    this.recorded = JSON.parse(readFileSync(file, 'utf8'));
  }

  time(test) {
    return super.time(test) ?? this.recorded[relative(root, test.path)];
  }
}

module.exports = RecordedTimesSequencer;

if (require.main === module) {
  // node scripts/jest/sequencer.js <jest --json output>...: record each file's time (ms), the longest first.
  const times = {};
  for (const report of process.argv.slice(2)) {
    for (const r of JSON.parse(readFileSync(report, 'utf8')).testResults)
      times[relative(root, r.name)] = Math.round(r.endTime - r.startTime);
  }
  const sorted = Object.fromEntries(Object.entries(times).sort((a, b) => b[1] - a[1]));
  writeFileSync(file, `${JSON.stringify(sorted, null, 1)}\n`);
  console.log(`${Object.keys(sorted).length} test files' times written to ${relative(root, file)}`);
}
