/** One line of a bench's table: the figure, its target and the verdict (PASS, MISS, UNJUDGED, or empty where there is no target). */
export interface BenchRow {
  measure: string;
  value: string;
  budget: string;
  verdict: string;
}

/** Prints rows as a plain-text table with a header, columns padded to their widest cell. */
export function printTable(rows: readonly BenchRow[]): void {
  const headers: BenchRow = { measure: 'measure', value: 'value', budget: 'target', verdict: 'verdict' };
  const columns = (Object.keys(headers) as (keyof BenchRow)[]).map((key) => ({
    key,
    width: Math.max(...[headers, ...rows].map((row) => row[key].length)),
  }));
  const line = (row: BenchRow): string =>
    columns
      .map(({ key, width }) => row[key].padEnd(width))
      .join('  ')
      .trimEnd();
  process.stdout.write(`\n${line(headers)}\n${columns.map(({ width }) => '-'.repeat(width)).join('  ')}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.stdout.write('\n');
}
