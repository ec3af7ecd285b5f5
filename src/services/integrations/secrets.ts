import { openSealed, sealSecret } from "../access";
import type { ServiceContext } from "../core";

/**
 * Integration secrets at rest: the JSON of the name → value map, sealed (services/access/sealed-secrets.ts) under
 * this info. The format is the one integrations have always stored.
 */
const KEY_INFO = "quire integration secrets v1";

export async function encryptSecrets(
  ctx: Pick<ServiceContext, "db" | "env">,
  secrets: Record<string, string>,
): Promise<string> {
  return sealSecret(ctx, KEY_INFO, JSON.stringify(secrets));
}

/** The secrets sealed by encryptSecrets; throws when they were sealed under another instance secret. */
export async function decryptSecrets(
  ctx: Pick<ServiceContext, "db" | "env">,
  sealed: string,
): Promise<Record<string, string>> {
  return JSON.parse(await openSealed(ctx, KEY_INFO, sealed)) as Record<string, string>;
}
