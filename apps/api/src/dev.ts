import { DEV_PAYMENT_WEBHOOK_SECRET } from "./env.ts";

// `pnpm dev` runs the console and the API side by side. There PORT is the console's (as for
// `next dev`) and API_PORT the API's; the API accepts console mutations from that port.
const consolePort = process.env.PORT ?? "3000";
process.env.CONSOLE_ORIGIN ??= `http://localhost:${consolePort},http://127.0.0.1:${consolePort}`;
process.env.PORT = process.env.API_PORT ?? "3001";
// The demo shop's payments are played by hand (README): a known secret, for development only.
process.env.PAYMENT_WEBHOOK_SECRET ??= DEV_PAYMENT_WEBHOOK_SECRET;
// A partner's receiver may run on this machine while developing; never in production.
process.env.WEBHOOK_ALLOW_LOOPBACK ??= "on";
// Readable lines in a terminal; production writes JSON lines for a log collector.
process.env.LOG_FORMAT ??= "pretty";
await import("./main.ts");
