/**
 * The one error type. Services throw it with the HTTP status the contract gives the situation;
 * the app's error handler renders `{"error":{"code","message"}}` (CONTRACT §3).
 * Bad input is 400 naming the field. 412 is for valid requests the current state refuses (a transfer to the
 * same organization, where the reference declares 412; a restore past the trash window; a full font list).
 * 422 is for a valid request whose source, fetched by Quire, cannot be reached or read (safe-fetch, imports,
 * embeds): the body names a URL or file well; what it points at is the failure, and may succeed later.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 412 | 413 | 422 | 429 | 500 | 502 | 503;

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = "A valid API token is required (Authorization: Bearer <token>)") =>
  new ApiError(401, message, { "WWW-Authenticate": 'Bearer realm="quire"' });
export const forbidden = (message = "You do not have permission to do this") => new ApiError(403, message);
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const conflict = (message: string) => new ApiError(409, message);
export const preconditionFailed = (message: string) => new ApiError(412, message);
