import { readFile } from "node:fs/promises";

import internals from "@prisma/internals";

import { schemaPath } from "../src/paths.ts";

/**
 * What `schema.prisma` says the database must contain, in PostgreSQL's terms, derived from
 * Prisma's own parse of the schema (DMMF) with Prisma's naming and type conventions.
 */
export interface ExpectedColumn {
  type: string;
  nullable: boolean;
  default: string | null;
}

export interface ExpectedIndex {
  table: string;
  columns: string[];
  unique: boolean;
  primary: boolean;
  /** Access method (`btree`, `gin`, …) and each column's operator class when not the default. */
  method: string;
  operatorClasses: (string | null)[];
}

export interface ExpectedForeignKey {
  table: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
  onDelete: string;
  onUpdate: string;
}

export interface ExpectedSchema {
  enums: Record<string, string[]>;
  tables: Record<string, Record<string, ExpectedColumn>>;
  indexes: Record<string, ExpectedIndex>;
  foreignKeys: Record<string, ExpectedForeignKey>;
}

type Field = Awaited<ReturnType<typeof internals.getDMMF>>["datamodel"]["models"][number]["fields"][number];

function columnType(field: Field, enumDbNames: Map<string, string>): string {
  const [native, args = []] = field.nativeType ?? [];
  let base: string;
  if (field.kind === "enum") base = enumDbNames.get(field.type) ?? field.type;
  else if (native === "VarChar") base = `character varying(${args[0]})`;
  else if (native === "Char") base = `character(${args[0]})`;
  else if (native === "Timestamptz") base = `timestamp with time zone(${args[0] ?? 6})`;
  else if (native === "Decimal") base = args.length > 0 ? `numeric(${args[0]},${args[1]})` : "numeric";
  else if (native === "Date") base = "date";
  else {
    const scalar: Record<string, string> = {
      Int: "integer",
      BigInt: "bigint",
      String: "text",
      Boolean: "boolean",
      DateTime: "timestamp without time zone(3)",
      Decimal: "numeric(65,30)",
      Json: "jsonb",
      Float: "double precision",
    };
    base = scalar[field.type] ?? `unknown:${field.type}`;
  }
  return field.isList ? `${base}[]` : base;
}

function columnDefault(field: Field, enumValues: Map<string, Map<string, string>>): string | null {
  if (!field.hasDefaultValue) return null;
  const value = field.default as unknown;
  if (Array.isArray(value)) return JSON.stringify(value);
  if (value && typeof value === "object" && "name" in value) {
    const { name, args } = value as { name: string; args?: unknown[] };
    if (name === "dbgenerated") return String(args?.[0]);
    return name === "now" ? "now()" : name;
  }
  if (field.kind === "enum") return enumValues.get(field.type)?.get(String(value)) ?? String(value);
  return String(value);
}

export async function expectedSchema(): Promise<ExpectedSchema> {
  const { datamodel } = await internals.getDMMF({ datamodel: await readFile(schemaPath, "utf8") });
  const enumDbNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const enumValues = new Map(
    datamodel.enums.map((e) => [e.name, new Map(e.values.map((v) => [v.name, v.dbName ?? v.name]))]),
  );
  const tableOf = new Map(datamodel.models.map((m) => [m.name, m.dbName ?? m.name]));
  const columnOf = (model: string, field: string) => {
    const f = datamodel.models.find((m) => m.name === model)?.fields.find((x) => x.name === field);
    return f?.dbName ?? field;
  };

  const schema: ExpectedSchema = { enums: {}, tables: {}, indexes: {}, foreignKeys: {} };
  for (const e of datamodel.enums) schema.enums[e.dbName ?? e.name] = e.values.map((v) => v.dbName ?? v.name);
  for (const model of datamodel.models) {
    const table = tableOf.get(model.name)!;
    const columns: Record<string, ExpectedColumn> = {};
    for (const field of model.fields) {
      if (field.kind === "object") {
        if (field.relationFromFields?.length) {
          const cols = field.relationFromFields.map((f) => columnOf(model.name, f));
          schema.foreignKeys[`${table}_${cols.join("_")}_fkey`] = {
            table,
            columns: cols,
            references: tableOf.get(field.type)!,
            referencedColumns: (field.relationToFields ?? []).map((f) => columnOf(field.type, f)),
            onDelete: field.relationOnDelete ?? (field.isRequired ? "Restrict" : "SetNull"),
            onUpdate: "Cascade",
          };
        }
        continue;
      }
      columns[field.dbName ?? field.name] = {
        type: columnType(field, enumDbNames),
        nullable: !field.isRequired || field.isList,
        default: columnDefault(field, enumValues),
      };
    }
    schema.tables[table] = columns;
  }
  for (const index of datamodel.indexes) {
    const table = tableOf.get(index.model)!;
    const columns = index.fields.map((f) => columnOf(index.model, f.name));
    const suffix = index.type === "id" ? "pkey" : index.type === "unique" ? "key" : "idx";
    const name = index.dbName ?? (index.type === "id" ? `${table}_pkey` : `${table}_${columns.join("_")}_${suffix}`);
    schema.indexes[name] = {
      table,
      columns,
      unique: index.type !== "normal",
      primary: index.type === "id",
      method: (index.algorithm ?? "BTree").toLowerCase(),
      operatorClasses: index.fields.map((f) => f.operatorClass ?? null),
    };
  }
  return schema;
}
