import pureCore from "@slotwise/eslint-config/pure-core";

export default pureCore;
