import test from 'ava';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|mjs)$/.test(name) ? [path] : [];
  });
}

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)]
    .map((m) => m[1] ?? m[2] ?? m[3]!);

test('core imports nothing outside core: no framework, driver or platform module', (t) => {
  const offenders = sources(join(ROOT, 'core')).flatMap((file) => importsOf(file)
    .filter((spec) => !spec.startsWith('.') || !resolve(dirname(file), spec).startsWith(join(ROOT, 'core')))
    .map((spec) => `${relative(ROOT, file)} -> ${spec}`));
  t.deepEqual(offenders, []);
});

test('adapters import core and libraries, never hosts', (t) => {
  const offenders = sources(join(ROOT, 'adapters')).flatMap((file) => importsOf(file)
    .filter((spec) => spec.startsWith('.') && resolve(dirname(file), spec).startsWith(join(ROOT, 'hosts')))
    .map((spec) => `${relative(ROOT, file)} -> ${spec}`));
  t.deepEqual(offenders, []);
});

test('Inversify and reflect-metadata appear only in hosts', (t) => {
  const offenders = [...sources(join(ROOT, 'core')), ...sources(join(ROOT, 'adapters'))]
    .filter((file) => importsOf(file).some((spec) => spec === 'inversify' || spec === 'reflect-metadata'))
    .map((file) => relative(ROOT, file));
  t.deepEqual(offenders, []);
});

test('the import check sees real imports (guards the guard)', (t) => {
  t.true(importsOf(join(ROOT, 'hosts/library/container.ts')).includes('inversify'));
  t.true(importsOf(join(ROOT, 'core/keys/create-key.ts')).some((s) => s.endsWith('api-key.ts')));
});
