#!/usr/bin/env node
// `npm test`: runs ava, shows its output as it goes, and ends with the one line CI reads: `N passed, N failed`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const avaCli = fileURLToPath(new URL('../node_modules/ava/entrypoints/cli.mjs', import.meta.url));
const child = spawn(process.execPath, [avaCli, '--tap', ...process.argv.slice(2)], { stdio: ['ignore', 'pipe', 'inherit'] });

let passed = 0;
let failed = 0;
let buffer = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  buffer += chunk;
  let nl;
  while ((nl = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, nl);
    buffer = buffer.slice(nl + 1);
    // TAP: `ok N - title` / `not ok N - title`; a `# SKIP` or `# TODO` is neither passed nor failed.
    if (/^ok \d+/.test(line) && !/# (SKIP|TODO)/i.test(line)) passed++;
    else if (/^not ok \d+/.test(line) && !/# (SKIP|TODO)/i.test(line)) failed++;
  }
});
child.on('exit', (code) => {
  // A crash outside any test (an uncaught error in a file, a timeout) fails the run even with no failed test.
  if (code !== 0 && failed === 0) failed = 1;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code === 0 && failed === 0 ? 0 : 1);
});
