import pg from "pg";

import type { ExpectedSchema } from "./schema-model.ts";

const ACTIONS: Record<string, string> = { a: "NoAction", r: "Restrict", c: "Cascade", n: "SetNull", d: "SetDefault" };

/** Reduces PostgreSQL's spelling of a default to the schema's: `'UTC'::character varying` → `UTC`. */
function normalizeDefault(expression: string | null, table: string, column: string): string | null {
  if (expression === null) return null;
  if (expression === `nextval('${table}_${column}_seq'::regclass)`) return "autoincrement";
  if (expression === "CURRENT_TIMESTAMP") return "now()";
  if (/^ARRAY\[\]::/.test(expression) || /^'\{\}'::/.test(expression)) return "[]";
  const literal = /^'((?:[^']|'')*)'::[\w\s"]+(\[\])?$/.exec(expression);
  if (literal) return literal[1]!.replace(/''/g, "'");
  return expression;
}

/**
 * The same description as `expectedSchema()`, read from a live database's catalog. A
 * partitioned table is read as one table (Prisma does not model partitions): its partitions,
 * and the indexes and foreign keys they inherit, are left out.
 */
export async function actualSchema(url: string): Promise<ExpectedSchema> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schema: ExpectedSchema = { enums: {}, tables: {}, indexes: {}, foreignKeys: {} };
    const enums = await client.query<{ name: string; values: string[] }>(`
      SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS values
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = 'public' GROUP BY t.typname`);
    for (const e of enums.rows) schema.enums[e.name] = e.values;

    const columns = await client.query<{
      table: string;
      column: string;
      type: string;
      nullable: boolean;
      default: string | null;
    }>(`
      SELECT c.relname AS table, a.attname AS column,
             regexp_replace(format_type(a.atttypid, a.atttypmod), '^(timestamp(?: with(?:out)? time zone)?)\\((\\d+)\\)(.*)$', '\\1\\3(\\2)') AS type,
             NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relname <> '_prisma_migrations'`);
    for (const c of columns.rows) {
      // format_type writes "timestamp(3) with time zone"; the schema side writes the precision last.
      const type = c.type
        .replace(/^timestamp with time zone\((\d+)\)$/, "timestamp with time zone($1)")
        .replace(/^numeric\((\d+),(\d+)\)$/, "numeric($1,$2)");
      (schema.tables[c.table] ??= {})[c.column] = {
        type,
        nullable: c.nullable,
        default: normalizeDefault(c.default, c.table, c.column),
      };
    }

    const indexes = await client.query<{
      name: string;
      table: string;
      columns: string[];
      unique: boolean;
      primary: boolean;
      method: string;
      opclasses: (string | null)[];
    }>(`
      SELECT i.relname AS name, t.relname AS table, ix.indisunique AS unique, ix.indisprimary AS primary, am.amname AS method,
             array(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns,
             array(SELECT CASE WHEN oc.opcdefault THEN NULL ELSE oc.opcname END
                     FROM unnest(ix.indclass) WITH ORDINALITY c(oid, ord)
                     JOIN pg_opclass oc ON oc.oid = c.oid ORDER BY c.ord)::text[] AS opclasses
        FROM pg_index ix
        JOIN pg_class i ON i.oid = ix.indexrelid
        JOIN pg_am am ON am.oid = i.relam
        JOIN pg_class t ON t.oid = ix.indrelid AND NOT t.relispartition
        JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
       WHERE t.relname <> '_prisma_migrations'`);
    for (const i of indexes.rows)
      schema.indexes[i.name] = {
        table: i.table,
        columns: i.columns,
        unique: i.unique,
        primary: i.primary,
        method: i.method,
        operatorClasses: i.opclasses,
      };

    const fks = await client.query<{
      name: string;
      table: string;
      columns: string[];
      references: string;
      referenced: string[];
      del: string;
      upd: string;
    }>(`
      SELECT con.conname AS name, t.relname AS table, r.relname AS references, con.confdeltype AS del, con.confupdtype AS upd,
             array(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns,
             array(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS referenced
        FROM pg_constraint con
        JOIN pg_class t ON t.oid = con.conrelid AND NOT t.relispartition
        JOIN pg_class r ON r.oid = con.confrelid
        JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
       WHERE con.contype = 'f'`);
    for (const f of fks.rows) {
      schema.foreignKeys[f.name] = {
        table: f.table,
        columns: f.columns,
        references: f.references,
        referencedColumns: f.referenced,
        onDelete: ACTIONS[f.del] ?? f.del,
        onUpdate: ACTIONS[f.upd] ?? f.upd,
      };
    }
    return schema;
  } finally {
    await client.end();
  }
}
