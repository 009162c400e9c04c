/** One format for the whole tree; `pnpm format` applies it, `pnpm test` checks it. */
export default {
  printWidth: 120,
  plugins: ["@ianvs/prettier-plugin-sort-imports"],
  importOrder: ["<BUILTIN_MODULES>", "", "<THIRD_PARTY_MODULES>", "", "^@slotwise/(.*)$", "", "^[.]"],
  importOrderTypeScriptVersion: "5.9.0",
};
