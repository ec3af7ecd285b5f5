export * from "./identity";
export * from "./jobs";
export * from "./content";
export * from "./people";
