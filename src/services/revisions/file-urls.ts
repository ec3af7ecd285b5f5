import { signedDownloadURL } from "../../content/files";
import type { FileEntry } from "../../content/model";
import { signingSecret } from "../access/signing-secret";
import type { ServiceContext } from "../core/context";

const DOWNLOAD_URL_SECONDS = 3600;

export async function fileDownloadURL(ctx: ServiceContext, spaceId: string, file: FileEntry) {
  return signedDownloadURL(
    { urls: ctx.urls, secret: await signingSecret(ctx) },
    {
      spaceId,
      hash: file.hash,
      name: file.name,
      contentType: file.contentType,
      expiresInSeconds: DOWNLOAD_URL_SECONDS,
    },
  );
}
