/** Where the partner REST API is served: every OpenAPI path of a procedure is under it. */
export const REST_PREFIX = "/api/v2";
