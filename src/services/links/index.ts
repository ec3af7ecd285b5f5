// The links domain's public surface (a space's, a page's or a change request's links, and backlinks): what routes,
// jobs, http and presenters import. It reads revisions, the space and the organization, so it ranks above them.
export { listBacklinks, listLinks } from "./links";
export type { BacklinkListView, LinkListView, LocationView, MissingTargets } from "./links";
