import { signedDownloadURL } from "../../content/files";
import type { FileEntry } from "../../content/model";
import { signingSecret } from "../access";
import type { ServiceContext } from "../core";

/** How long a download URL handed out by a read stays valid. */
const DOWNLOAD_URL_SECONDS = 3600;

/** A file as a read shows it: its entry with a download URL signed for this request. */
export type SignedFile = FileEntry & { downloadURL: string };

/**
 * Signs the download URLs of one space's files for one request. The signing secret is resolved on the first
 * signature only (a read with no file to show looks nothing up) and then shared by every file of the request.
 */
export function fileSigner(ctx: ServiceContext, spaceId: string) {
  let secret: Promise<string> | undefined;
  return async (file: FileEntry): Promise<string> => {
    secret ??= signingSecret(ctx);
    return signedDownloadURL(
      { urls: ctx.urls, secret: await secret },
      {
        spaceId,
        hash: file.hash,
        name: file.name,
        contentType: file.contentType,
        expiresInSeconds: DOWNLOAD_URL_SECONDS,
      },
    );
  };
}

/** Files with their signed download URLs, in their order. */
export function signFiles(ctx: ServiceContext, spaceId: string, files: FileEntry[]): Promise<SignedFile[]> {
  const sign = fileSigner(ctx, spaceId);
  return Promise.all(files.map(async (file) => ({ ...file, downloadURL: await sign(file) })));
}

/** The signed download URLs of files by key (their id, say). */
export async function signFileMap(
  ctx: ServiceContext,
  spaceId: string,
  files: Map<string, FileEntry>,
): Promise<Map<string, string>> {
  const sign = fileSigner(ctx, spaceId);
  return new Map(await Promise.all([...files].map(async ([key, file]) => [key, await sign(file)] as const)));
}
