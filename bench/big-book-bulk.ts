/**
 * A bulk load the way PostgreSQL's documentation advises ("Populating a Database"): the tables'
 * foreign keys and secondary indexes are dropped, the rows go in, and then the same definitions,
 * read from the catalog before the drop, are created again. Re-adding a foreign key checks every
 * row in one pass, so the schema's constraints hold over the whole filled book exactly as when
 * they are checked row by row; primary keys, unique and check constraints stay in place throughout.
 */
import type pg from 'pg';

interface Saved {
  constraints: { table: string; name: string; definition: string }[];
  indexes: { name: string; definition: string }[];
}

async function save(client: pg.Client, tables: readonly string[]): Promise<Saved> {
  const constraints = await client.query<{ table: string; name: string; definition: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
     from pg_constraint where contype = 'f' and conrelid = any($1::regclass[])`,
    [tables],
  );
  // Secondary indexes only: those that back a constraint (primary key, unique) stay.
  const indexes = await client.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
     from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = any($1::regclass[])
       and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
    [tables],
  );
  return { constraints: constraints.rows, indexes: indexes.rows };
}

export async function withoutSecondaryIndexes<T>(
  client: pg.Client,
  tables: readonly string[],
  log: (line: string) => void,
  work: () => Promise<T>,
): Promise<T> {
  const saved = await save(client, tables);
  for (const c of saved.constraints) await client.query(`alter table ${c.table} drop constraint "${c.name}"`);
  for (const i of saved.indexes) await client.query(`drop index "${i.name}"`);
  const result = await work();
  const started = performance.now();
  for (const i of saved.indexes) await client.query(i.definition);
  for (const c of saved.constraints)
    await client.query(`alter table ${c.table} add constraint "${c.name}" ${c.definition}`);
  log(
    `  ${saved.indexes.length} indexes and ${saved.constraints.length} foreign keys created again: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return result;
}
