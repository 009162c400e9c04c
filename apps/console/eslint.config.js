import reactHooks from "eslint-plugin-react-hooks";

import base from "@slotwise/eslint-config/base";

export default [
  ...base,
  reactHooks.configs.flat["recommended-latest"],
  { ignores: ["next-env.d.ts"] },
  // `onClick={() => setOpen(true)}` is the idiom of event handlers, not a confusing void.
  {
    rules: {
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      // About the React Compiler's memoization, which this app does not use.
      "react-hooks/incompatible-library": "off",
      // Partner-supplied text reaches most pages: React's escaping is the console's only defence, so no raw HTML.
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: "Render text; partner-supplied data must never become markup.",
        },
      ],
    },
  },
];
