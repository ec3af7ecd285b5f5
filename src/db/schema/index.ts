export * from "./identity";
export * from "./jobs";
export * from "./content";
export * from "./spaces";
export * from "./change-requests";
export * from "./people";
export * from "./links";
export * from "./search";
