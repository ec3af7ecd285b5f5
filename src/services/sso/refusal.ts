/**
 * Why a sign-in was refused. Shown to the browser as a plain page (4xx) and recorded; never a 500. The reason
 * says what failed, never a secret.
 */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly status: 400 | 403 | 404 = 403,
  ) {
    super(reason);
    this.name = "SsoRefusal";
  }
}
