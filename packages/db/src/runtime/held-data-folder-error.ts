import { EMBEDDED_USER, type DataFolderHolder } from "./embedded-postgres.ts";

/** An embedded data folder that another running process holds on other settings than ours. */
export class HeldDataFolderError extends Error {
  constructor(
    readonly dataDir: string,
    readonly port: number,
    readonly holder: DataFolderHolder,
    database: string,
  ) {
    const runs =
      holder.port === undefined
        ? `process ${holder.pid} holds it (its port is not known yet)`
        : `process ${holder.pid} runs it on port ${holder.port}`;
    const pointAt =
      holder.port === undefined
        ? "wait until it has started, or stop it"
        : `run this command with EMBEDDED_POSTGRES_PORT=${holder.port} EMBEDDED_POSTGRES_DIR=${dataDir}, or with DATABASE_URL=postgresql://${EMBEDDED_USER}:<password>@127.0.0.1:${holder.port}/${database}, or stop that process`;
    super(
      `Not starting an embedded PostgreSQL on port ${port}: its data folder ${dataDir} is in use, ${runs}. ` +
        `To use that running database, ${pointAt}.`,
    );
    this.name = "HeldDataFolderError";
  }
}
