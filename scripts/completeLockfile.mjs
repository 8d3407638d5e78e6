#!/usr/bin/env node
// Adds lock entries for unrs-resolver's other-platform bindings when they are missing.
// Why: the registry this project's machines reach serves only the Linux bindings, so a lock
// generated from scratch here leaves the others out and `npm ci` then refuses it as out of
// sync. `npm install` keeps entries that exist, so this is needed only after deleting the lock.
// The entries carry os/cpu/libc, so npm skips them on every machine they do not fit.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const prefix = '@unrs/resolver-binding-';
let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (!name.startsWith(prefix) || lock.packages[key]) continue;
    const [os, cpu] = name.slice(prefix.length).split('-');
    const libc = /-gnu|gnueabihf/.test(name) ? ['glibc'] : /-musl|musleabihf/.test(name) ? ['musl'] : undefined;
    lock.packages[key] = { version, cpu: [cpu], dev: true, license: 'MIT', optional: true, os: [os], ...(libc ? { libc } : {}) };
    added++;
  }
}
if (added > 0) writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`completeLockfile: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
