/** What the global setup hands to test files (see vitest-global-setup.ts). */
declare module "vitest" {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    databaseRunPrefix: string;
    databaseTemplate: string;
    databaseSeededTemplate: string | null;
  }
}

export {};
