import { StorageUploadKind } from "gitbook-api-current";
import { currentClient } from "./current-client";
import { client, workerFetch } from "./http";

/** Bytes that start as a WOFF2 file does (`wOF2`): what Quire checks of a font upload. */
export function woff2Bytes(seed = 0, length = 64): Uint8Array {
  const bytes = new Uint8Array(length);
  bytes.set([0x77, 0x4f, 0x46, 0x32]);
  for (let i = 4; i < length; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
}

/** PUTs bytes to a signed upload URL (no token: the URL is the credential). */
export const putUpload = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
  workerFetch(url, { method: "PUT", body, headers: { "content-type": "font/woff2", ...headers } });

/** A font file uploaded through generateStorageUploadURL and its URL, as the 0.202 client does: its storage key. */
export async function uploadFont(token: string, organizationId: string, bytes = woff2Bytes()) {
  const { data } = await currentClient(token).orgs.generateStorageUploadUrl(organizationId, {
    kind: StorageUploadKind.CustomizationFont,
    file: { name: "font.woff2", type: "font/woff2", size: bytes.byteLength },
  });
  const res = await putUpload(data.url, bytes);
  if (res.status !== 204) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return data.key;
}

type FontDefinition = { permissions?: unknown; fontFamily: string; fontFaces: unknown[] };

/**
 * Sets a site's body font (and monospace font) through its customization, as the app would: the font
 * definitions as the API answers them (sources at the files' shared URLs).
 */
export async function useFonts(token: string, organizationId: string, siteId: string, fonts: FontDefinition[]) {
  const gb = client(token);
  const settings = (await gb.orgs.getSiteCustomizationById(organizationId, siteId)).data;
  const [font, mono] = fonts.map(({ permissions: _, ...definition }) => definition);
  const styling = { ...settings.styling, ...(font ? { font } : {}), ...(mono ? { monospaceFont: mono } : {}) };
  const res = await gb.orgs.updateSiteCustomizationById(organizationId, siteId, { ...settings, styling } as never);
  if (res.status !== 200) throw new Error(`customization: ${res.status}`);
}

/** A published site (`public` unless told) of the organization using `fonts`: what opens their shared URLs. */
export async function siteUsingFonts(
  token: string,
  organizationId: string,
  fonts: FontDefinition[],
  visibility = "public",
) {
  const gb = client(token);
  const { data: site } = await gb.orgs.createSite(organizationId, { title: "Fonts", visibility } as never);
  await gb.orgs.publishSite(organizationId, site.id);
  await useFonts(token, organizationId, site.id, fonts);
  return site;
}
