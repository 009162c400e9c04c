import base from "@slotwise/eslint-config/base";

const throughNamedFunctions =
  "The API reaches the database only through the named functions of @slotwise/db (docs/decisions/database-boundary.md).";

const clientOnly = /^\$(transaction|queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe)$/.source;

/** Transactions and raw SQL belong to packages/db, whatever the variable is called. */
const noRawClient = [
  { selector: `MemberExpression[property.name=/${clientOnly}/]`, message: throughNamedFunctions },
  { selector: `MemberExpression[property.value=/${clientOnly}/]`, message: throughNamedFunctions },
  { selector: `ObjectPattern > Property[key.name=/${clientOnly}/]`, message: throughNamedFunctions },
];

/** Procedures and services hold `db` and `tx` only to pass them on. */
const noDelegates = [
  {
    selector: "MemberExpression[object.type='MemberExpression'][object.property.name=/^(db|tx)$/]",
    message: throughNamedFunctions,
  },
  { selector: "MemberExpression[object.name=/^(db|tx)$/]", message: throughNamedFunctions },
];

/** The Prisma client, its generated types and the unsealed client of the tests stay out of the API. */
const noClientImports = [
  "error",
  {
    patterns: [
      {
        group: [
          "**/generated/prisma/**",
          "@prisma/client",
          "@prisma/client/*",
          "@prisma/adapter-pg",
          "@slotwise/db/testing",
          "@slotwise/db/testing/*",
          "**/packages/db/src/**",
        ],
        message: throughNamedFunctions,
      },
    ],
  },
];

export default [
  ...base,
  {
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...noRawClient],
      "no-restricted-imports": noClientImports,
    },
  },
  {
    files: ["src/routers/**/*.ts", "src/services/**/*.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...noRawClient, ...noDelegates],
    },
  },
];
