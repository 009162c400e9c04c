/** A parameter's name as it reads whatever its case and separators: `dryRun`, `dry_run` and `DRYRUN` read alike. */
export const parameterSpelling = (name: string) => name.toLowerCase().replace(/[-_ ]/g, "");
