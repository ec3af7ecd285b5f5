import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { routerMatches } from "../lib/isolate-caches";

/** Paths longer than this are matched every time (ids make real paths short; a long one is likely junk). */
const MAX_PATH_LENGTH = 256;
/** Distinct (method, path) pairs remembered per isolate; the memo starts over when it is full. */
const MAX_ENTRIES = routerMatches.bound.entries;

/**
 * The app's router: Hono's TrieRouter with its answers remembered per (method, path). Hono's RegExpRouter,
 * which matches in one regular expression, refuses this API's routes (a literal segment beside a parameter in
 * the same place, as `…/versions/latest` beside `…/versions/{versionId}`), so matching walks a trie of some
 * 270 operations and their middleware on every request: 5–6% of a read's CPU profile. A match depends only on
 * the method and the path, and clients read the same resources again and again, so a repeated request skips
 * the walk. Hono reads a match's handlers and parameters and never changes them, so one answer can be shared.
 */
export class MemoizedRouter<T> implements Router<T> {
  name = "MemoizedRouter + TrieRouter";
  readonly #trie = new TrieRouter<T>();
  #answers = routerMatches.store() as Map<string, Result<T>>;

  add(method: string, path: string, handler: T): void {
    this.#trie.add(method, path, handler);
    this.#answers.clear();
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH_LENGTH) return this.#trie.match(method, path);
    const key = `${method} ${path}`;
    let answer = this.#answers.get(key);
    if (answer === undefined) {
      answer = this.#trie.match(method, path);
      if (this.#answers.size >= MAX_ENTRIES) this.#answers = routerMatches.store() as Map<string, Result<T>>;
      this.#answers.set(key, answer);
    }
    return answer;
  }
}
