import { env, exports } from "cloudflare:workers";
import { it } from "vitest";

const child = `
export default { async fetch(req, env) {
  const mode = new URL(req.url).pathname.slice(1);
  console.log("child log", mode);
  if (mode === "loop") { while (true) {} }
  if (mode === "busy") { const t = Date.now(); while (Date.now() - t < 800) {} return new Response("busy done"); }
  if (mode === "subs") { let n = 0; for (let i = 0; i < 8; i++) { await fetch("https://example.com/" + i); n++; } return new Response("subs " + n); }
  if (mode === "throw") throw new Error("boom");
  if (mode === "net") { const r = await fetch("http://169.254.169.254/x"); return new Response("net:" + await r.text()); }
  return new Response("hello from child " + JSON.stringify(Object.keys(env)));
} }`;

it("probe", async () => {
  const e = env as unknown as { LOADER: WorkerLoader };
  console.log("exports keys", Object.keys(exports as object));
  for (const mode of ["ok", "busy", "subs", "ok"]) {
    const w = e.LOADER.get(`probe-${mode}`, () => ({
      compatibilityDate: "2025-05-25",
      compatibilityFlags: ["nodejs_compat"],
      mainModule: "main.js",
      modules: { "main.js": child },
      env: { A: "1" },
      globalOutbound: (exports as any).IntegrationOutbound
        ? (exports as any).IntegrationOutbound({ props: { who: "x" } })
        : null,
      limits: { cpuMs: 50, subRequests: 5 },
    }) as never);
    const t0 = Date.now();
    try {
      const r = await Promise.race([
        w.getEntrypoint().fetch(`http://child/${mode}`).then((r) => r.text()),
        new Promise((res) => setTimeout(() => res("TIMEOUT 5s"), 5000)),
      ]);
      console.log(mode, "=>", r, Date.now() - t0);
    } catch (err) {
      console.log(mode, "ERR", (err as Error).name, (err as Error).message, Date.now() - t0);
    }
  }
}, 60000);
