// What the tools that drive a real server (`npm run bench`, `npm run fuzz`) share: a free
// port on this machine, waiting until the started server says it is healthy, and stopping
// it however the tool ends.
import type { ChildProcess } from "node:child_process";
import net from "node:net";

const STARTUP_TIMEOUT_MS = 60_000;

/** Asks the OS for a free port; a tiny race with other processes is acceptable for a tool. */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("Could not find a free port"))));
    });
  });
}

export const serverGone = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Polls /healthz until it answers 200; gives up early if the server process exits. */
export async function waitForHealthy(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (serverGone(child))
      throw new Error(`The server exited during start-up (code ${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/** Ctrl-C (or a stop) must not leave a server running or a database behind. */
export function releaseOnSignals(release: () => Promise<void>): void {
  for (const [signal, exitCode] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal} received: stopping the server`);
      void release().finally(() => process.exit(exitCode));
    });
  }
}
