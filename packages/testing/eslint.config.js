import base from "@slotwise/eslint-config/base";

export default base;
