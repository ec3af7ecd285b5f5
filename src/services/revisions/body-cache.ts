import { pageBodies } from "../../lib/isolate-caches";

/**
 * Page bodies (markdown) by content hash, in this isolate. A body's hash names its content, so an entry never goes
 * stale. Keyed by space too: bodies are stored per space, and a read reaches one only past its space's access check.
 */
const bodies = pageBodies.store;

export const cachedBody = (spaceId: string, hash: string): string | undefined => bodies.get(`${spaceId}:${hash}`);

export function cacheBody(spaceId: string, hash: string, body: string): void {
  bodies.set(`${spaceId}:${hash}`, body);
}

/** Forgets every body this isolate holds (tests that measure a cold read). */
export function forgetBodies(): void {
  bodies.clear();
}
