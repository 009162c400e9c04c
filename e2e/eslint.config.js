import base from "@slotwise/eslint-config/base";

export default [...base, { files: ["tests/**/*.ts"], rules: { "@typescript-eslint/no-non-null-assertion": "off" } }];
