/**
 * better-sqlite3 13 under an alias (package.json: "better-sqlite3-napi": "npm:better-sqlite3@13.2.0"):
 * the same API as 12, so the same types.
 */
declare module 'better-sqlite3-napi' {
  import BetterSqlite3 from 'better-sqlite3';
  export default BetterSqlite3;
}
