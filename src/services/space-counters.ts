import type { ServiceContext } from "./context";

/** The counters every Space object carries. */
export interface SpaceCounters {
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}

const ZERO: SpaceCounters = { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 };

/**
 * The one place that computes space counters, for a page of spaces at once. Comments and change requests do
 * not exist yet, so they are all zero; replace the body with one grouped query (≤ 100 ids per statement)
 * when those features land.
 */
export async function spaceCounters(_ctx: ServiceContext, spaceIds: readonly string[]): Promise<Map<string, SpaceCounters>> {
  return new Map(spaceIds.map((id) => [id, { ...ZERO }]));
}
