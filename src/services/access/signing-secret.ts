import { eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { instanceSecrets } from "../../db/schema";
import type { Env } from "../../env";
import { signingSecret as signingSecretCache } from "../../lib/isolate-caches";

/**
 * The key of signed download URLs (files, PDFs) and visitor JWTs. A configured SIGNING_SECRET wins; without
 * one the deployment makes its own on first need and keeps it in D1, so nothing depends on configuration.
 */
const SIGNING_SECRET_NAME = "signing";
/** 32 random bytes, hex: 256 bits, the HMAC-SHA-256 block's worth of key. */
const GENERATED_SECRET_BYTES = 32;

/**
 * The stored secret, cached for the isolate's life. Only the resolved string is kept (never a pending
 * promise: a promise begun by one request must not be awaited by another in workerd).
 */
const kept = signingSecretCache.store;
/**
 * Lookups in flight, by the request's (or job run's) database handle: a revision's files are presented in
 * parallel, and they share one lookup instead of racing one each.
 */
const pendingLookups = kept.pending as WeakMap<Db, Promise<string>>;

export async function signingSecret(ctx: { db: Db; env: Pick<Env, "SIGNING_SECRET"> }): Promise<string> {
  if (ctx.env.SIGNING_SECRET) return ctx.env.SIGNING_SECRET;
  if (kept.value) return kept.value;
  let lookup = pendingLookups.get(ctx.db);
  if (!lookup) {
    lookup = storedInstanceSecret(ctx.db).finally(() => pendingLookups.delete(ctx.db));
    pendingLookups.set(ctx.db, lookup);
  }
  kept.value = await lookup;
  return kept.value;
}

/**
 * Reads the deployment's generated secret, creating it if there is none, in one round trip. Race-safe: the
 * batch runs as one transaction, INSERT OR IGNORE keeps the first writer's value, and every caller then reads
 * that one value back.
 */
export async function storedInstanceSecret(db: Db): Promise<string> {
  const candidate = randomHex(GENERATED_SECRET_BYTES);
  const [, rows] = await batch(db, [
    db
      .insert(instanceSecrets)
      .values({ name: SIGNING_SECRET_NAME, value: candidate, createdAt: Date.now() })
      .onConflictDoNothing(),
    db
      .select({ value: instanceSecrets.value })
      .from(instanceSecrets)
      .where(eq(instanceSecrets.name, SIGNING_SECRET_NAME)),
  ]);
  const stored = rows[0]?.value;
  if (!stored) throw new Error("The instance signing secret could not be stored");
  return stored;
}

function randomHex(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return [...buffer].map((b) => b.toString(16).padStart(2, "0")).join("");
}
