import { readFile } from "node:fs/promises";

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc (Linux; clock ticks of 10 ms). */
export async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
