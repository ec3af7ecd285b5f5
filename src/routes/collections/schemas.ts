import { PageQuery, queryBoolean } from "../../wire/common";

export const ListCollectionsQuery = PageQuery.extend({ nested: queryBoolean(true) });
