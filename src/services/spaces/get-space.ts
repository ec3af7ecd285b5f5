import { eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { type Placeholders, reusableStatement } from "../../db/reusable";
import { spaces } from "../../db/schema";
import { spaceDetails } from "../../lib/isolate-caches";
import type { AccessMemo } from "../../lib/lru";
import { chainKnown, spaceReadColumns, withSpaceAccess } from "../access";
import type { ServiceContext } from "../core";
import { type PublishedPlace, publishedPlaceSql } from "./site-publication";
import { countersFromJson, type SpaceCounters, spaceCountersJsonSql } from "./space-counters";
import { checkVisible, type SpaceView } from "./spaces";

/** What a Space object carries beyond its row. */
interface SpaceDetails {
  counters: SpaceCounters;
  place: PublishedPlace | undefined;
}

/**
 * Spaces' counters and published places by space id, with the space's detail version they were read at
 * (migration 0041: triggers move it with every change to change requests, comments, sites, site spaces and
 * sections that touches the space). While it stands still, a read of the space is its row and the version: the
 * counters' and place's subqueries were most of the statement's cost to prepare and run in D1.
 */
const knownDetails = spaceDetails.store as AccessMemo<SpaceDetails>;

const detailVersionSql = (spaceId: Placeholders<{ spaceId: string }>["spaceId"]) =>
  sql<number>`COALESCE((SELECT version FROM space_detail_versions WHERE space_id = ${spaceId}), 0)`;

/**
 * The space with its collection chain (unless the isolate knows it), its detail version, and unless the isolate
 * knows them, its counters and where it is published (`[siteId, path]`), as one statement: each statement of a
 * D1 batch has a fixed cost, whatever it reads.
 */
const spaceRead = (knownChain: boolean, detailsKnown: boolean) =>
  reusableStatement((db, p: Placeholders<{ spaceId: string }>) =>
    db
      .select({
        ...spaceReadColumns(p.spaceId, knownChain),
        detailVersion: detailVersionSql(p.spaceId),
        ...(detailsKnown
          ? {}
          : {
              counters: sql<string>`${spaceCountersJsonSql(db, p.spaceId)}`,
              place: sql<
                string | null
              >`(SELECT json_array(siteId, path, proxy) FROM (${publishedPlaceSql(p.spaceId)}))`,
            }),
      })
      .from(spaces)
      .where(eq(spaces.id, p.spaceId))
      .limit(1),
  );
const reads = {
  everything: spaceRead(false, false),
  withoutChain: spaceRead(true, false),
  withoutDetails: spaceRead(false, true),
  rowAndVersion: spaceRead(true, true),
};

type SpaceReadResult = Awaited<ReturnType<ReturnType<typeof reads.everything>["all"]>>[number] &
  Partial<{ counters: string; place: string | null }>;

function detailsOf(row: { counters: string; place: string | null }, spaceId: string): SpaceDetails {
  const [siteId, path, proxy] = JSON.parse(row.place ?? "[]") as [string?, string?, (string | null)?];
  return {
    counters: countersFromJson(spaceId, row.counters),
    place: siteId === undefined ? undefined : { siteId, path: path ?? "", ...(proxy ? { proxy } : {}) },
  };
}

/**
 * The space, its chain, its counters and where it is published in one round trip (with the caller's token). A
 * space whose details this isolate kept but whose version moved since is read again with them: one more round
 * trip, once per change.
 */
export async function getSpace(ctx: ServiceContext, spaceId: string): Promise<SpaceView> {
  const kept = knownDetails.get(spaceId);
  const chain = chainKnown(spaceId);
  const read = kept
    ? chain
      ? reads.rowAndVersion
      : reads.withoutDetails
    : chain
      ? reads.withoutChain
      : reads.everything;
  let [rows] = (await batch(ctx.db, [read(ctx.db, { spaceId })])) as [SpaceReadResult[]];
  if (kept && rows[0] && rows[0].detailVersion !== kept.generation) {
    const again = chain ? reads.withoutChain : reads.everything;
    [rows] = (await batch(ctx.db, [again(ctx.db, { spaceId })])) as [SpaceReadResult[]];
  }
  const found = checkVisible(
    ctx,
    await withSpaceAccess(
      ctx,
      // The space's own columns only: the details are read below.
      rows.map(({ counters, place, detailVersion, ...row }) => row),
    ),
  );
  const first = rows[0];
  let details: SpaceDetails;
  if (first.counters !== undefined) {
    details = detailsOf({ counters: first.counters, place: first.place ?? null }, spaceId);
    knownDetails.set(spaceId, details, first.detailVersion);
  } else {
    details = kept!.value;
  }
  const place = found.row.visibility === "private" ? undefined : details.place;
  return { row: found.row, access: found.access, counters: details.counters, ...(place ? { published: place } : {}) };
}
