import LegacyBetterSqlite3 from 'better-sqlite3';
import NapiBetterSqlite3 from 'better-sqlite3-napi';

/** This runtime's major version. */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/**
 * The better-sqlite3 build for this runtime. Node ≥ 22 (24 LTS in production) gets better-sqlite3
 * 13, built on Node-API: 12 subclasses the raw `node::ObjectWrap`, whose destructor on Node 24
 * removes an environment cleanup hook and aborts the process (`Assertion failed: (env) !=
 * nullptr`) when V8 collects a statement after the environment is gone — at every jest worker's
 * exit and at a server's shutdown. Node 20 keeps 12: 13 crashes there (it needs Node ≥ 22).
 * Both load their native code only when a database is opened. A Node-20-only workaround: when
 * Node 20 goes, depend on 13 alone (docs/ARCHITECTURE.md).
 */
export const BetterSqlite3: typeof LegacyBetterSqlite3 = NODE_MAJOR >= 22 ? NapiBetterSqlite3 : LegacyBetterSqlite3;
