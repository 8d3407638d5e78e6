import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import type { DialectName } from '../db/createDatabase';
import type { Database } from '../db/schema';

/**
 * The linked record's facts as one lower-case text (`rl` a record link, `rf` its cached facts):
 * the record's number as linked, then as read, the vendor's number and name, the vendor's invoice
 * number and the amount with two decimals ("1234.56"), each blank one left out.
 */
function factsText(dialect: DialectName) {
  const amount = dialect === 'postgres' ? sql`to_char(rf.amount, 'FM999999999999990.00')` : sql`printf('%.2f', rf.amount)`;
  return sql<string>`lower(coalesce(rl.source_number, '') || ' ' || coalesce(rf.record_number, '') || ' ' || coalesce(rf.vendor_number, '')
    || ' ' || coalesce(rf.vendor_name, '') || ' ' || coalesce(rf.invoice_number, '') || ' ' || coalesce(${amount}, ''))`;
}

/**
 * The ids of documents linked to a record whose number or name, or whose captured facts (vendor
 * number and name, invoice number, amount), hold every one of `words` (search words: letters
 * and digits only, so nothing in them is a LIKE wildcard). So "V40000", "Litware", "LW-5531" and
 * "1,234.56" find the documents every queue row shows them on, although their file may not say
 * it: the facts live beside the documents (record_links, linked_record_facts), not in the index.
 */
export function linkedRecordMatches(db: Kysely<Database>, dialect: DialectName, words: readonly string[]) {
  const text = factsText(dialect);
  return db
    .selectFrom('record_links as rl')
    .leftJoin('linked_record_facts as rf', (j) =>
      j
        .onRef('rf.integrated_table_id', '=', 'rl.integrated_table_id')
        .onRef('rf.data_area_id', '=', 'rl.data_area_id')
        .onRef('rf.record_id', '=', 'rl.record_id'),
    )
    .select('rl.document_id as id')
    .distinct()
    .where(
      dialect === 'postgres'
        ? // One array parameter for any number of words: the statement, and its generic plan, stay one.
          sql<SqlBool>`${text} like all (cast(${words.map((word) => `%${word}%`)} as text[]))`
        : sql<SqlBool>`${sql.join(
            words.map((word) => sql`${text} like ${`%${word}%`}`),
            sql` and `,
          )}`,
    );
}
