import base from "@slotwise/eslint-config/base";

const throughNamedFunctions =
  "Procedures and services reach the database only through the named functions of @slotwise/db.";

export default [
  ...base,
  {
    files: ["src/routers/**/*.ts", "src/services/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.type='MemberExpression'][object.property.name=/^(db|tx)$/]",
          message: throughNamedFunctions,
        },
        { selector: "MemberExpression[object.name=/^(db|tx)$/]", message: throughNamedFunctions },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/generated/prisma/**", "@prisma/client", "@prisma/client/*"], message: throughNamedFunctions },
          ],
        },
      ],
    },
  },
];
