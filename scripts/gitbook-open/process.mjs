// Small process helpers for the GitBook Open run: free ports and waiting for a server to answer.
import { createServer } from "node:net";

/** A port the OS says is free on loopback now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether the port is taken on loopback. */
export function portTaken(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(true));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(false)));
  });
}

/** Polls `check` every half second until it is true; fails after `ms` or when `child` exits first. */
export async function waitFor(what, ms, check, child) {
  const deadline = Date.now() + ms;
  let exited = null;
  child?.once("exit", (code, signal) => {
    exited = `${code ?? signal}`;
  });
  for (;;) {
    if (exited !== null) throw new Error(`${what} exited (${exited}) before it answered`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
