/**
 * The one error type. Services throw it with the HTTP status the contract gives the situation;
 * the app's error handler renders `{"error":{"code","message"}}` (CONTRACT §3).
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
