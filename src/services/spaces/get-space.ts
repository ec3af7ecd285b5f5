import { eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { type Placeholders, reusableStatement } from "../../db/reusable";
import { spaces } from "../../db/schema";
import { spaceReadColumns, chainKnown, withSpaceAccess } from "../access/space-read";
import type { ServiceContext } from "../core/context";
import { publishedPlaceSql } from "../sites/site-publication";
import { countersFromJson, spaceCountersJsonSql } from "./space-counters";
import { checkVisible, type SpaceView } from "./spaces";

/**
 * The space with its collection chain (unless the isolate knows it), its counters and where it is published
 * (`[siteId, path]`), as one statement: each statement of a D1 batch has a fixed cost, whatever it reads.
 */
const spaceWithCountersAndPlace = (knownChain: boolean) =>
  reusableStatement((db, p: Placeholders<{ spaceId: string }>) =>
    db
      .select({
        ...spaceReadColumns(p.spaceId, knownChain),
        counters: sql<string>`${spaceCountersJsonSql(db, p.spaceId)}`,
        place: sql<string | null>`(SELECT json_array(siteId, path) FROM (${publishedPlaceSql(p.spaceId)}))`,
      })
      .from(spaces)
      .where(eq(spaces.id, p.spaceId))
      .limit(1),
  );
const spaceWithEverything = spaceWithCountersAndPlace(false);
const spaceWithCountersAlone = spaceWithCountersAndPlace(true);

/** The space, its chain, its counters and where it is published in one round trip (with the caller's token). */
export async function getSpace(ctx: ServiceContext, spaceId: string): Promise<SpaceView> {
  const read = chainKnown(spaceId) ? spaceWithCountersAlone : spaceWithEverything;
  const [rows] = await batch(ctx.db, [read(ctx.db, { spaceId })]);
  // The space's own columns only: the counters and place are read below.
  const found = checkVisible(
    ctx,
    await withSpaceAccess(
      ctx,
      rows.map(({ counters, place, ...row }) => row),
    ),
  );
  const counters = countersFromJson(spaceId, rows[0].counters);
  const [siteId, path] = JSON.parse(rows[0].place ?? "[]") as string[];
  const place = found.row.visibility === "private" || siteId === undefined ? undefined : { siteId, path };
  return { row: found.row, access: found.access, counters, ...(place ? { published: place } : {}) };
}
