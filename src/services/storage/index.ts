// The storage domain's public surface: signed one-time upload URLs and the uploads they take, and the
// organization's custom fonts (whose files are such uploads). Other domains import this one only through here.
export { fontFilePath, parseFontFilePath } from "./font-files";
export type { FontFileType } from "./font-files";
export {
  createCustomFont,
  deleteCustomFont,
  getCustomFont,
  listCustomFonts,
  MAX_FONTS_PER_ORGANIZATION,
  updateCustomFont,
} from "./fonts";
export type { CustomFontView, FontFaceInput } from "./fonts";
export {
  generateUploadURL,
  receiveUpload,
  storedFileKey,
  uploadedFiles,
  uploadLimit,
  UPLOAD_URL_SECONDS,
} from "./uploads";
export type { ReceivedUpload, UploadRequest } from "./uploads";
export { purgeStaleUploads, UNUSED_FONT_UPLOAD_DAYS } from "./upload-purge";
