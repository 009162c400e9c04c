/** Where the partner REST API is served: every OpenAPI path of a procedure is under it. */
export const REST_PREFIX = "/api/v2";

/** Where the OCTO supplier API is served (contract section 19). */
export const OCTO_PREFIX = "/octo";
