import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { samlProviders } from "../../db/schema";
import { SsoRefusal } from "./refusal";

export type ActiveSamlProvider = typeof samlProviders.$inferSelect & {
  entityId: string;
  certificate: string;
  ssoUrl: string;
};

/** A provider usable for sign-in (IdP entity id, certificate and sign-in URL all set), or a 404 refusal. */
export async function activeProvider(db: Db, providerId: string): Promise<ActiveSamlProvider> {
  const [row] = await db.select().from(samlProviders).where(eq(samlProviders.id, providerId)).limit(1);
  if (!row) throw new SsoRefusal("unknown provider", 404);
  if (!row.entityId || !row.certificate || !row.ssoUrl)
    throw new SsoRefusal("the provider is not configured yet (entity ID, certificate and sign-in URL)", 404);
  return row as ActiveSamlProvider;
}
