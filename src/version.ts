/** Served by getApiInformation. Bump with each release. */
export const API_VERSION = "0.1.0";
export const API_BUILD = "2026-11-22T00:00:00.000Z";
