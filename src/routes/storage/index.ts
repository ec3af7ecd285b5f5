import { createRouter } from "../../http/router";
import * as generateStorageUploadURL from "./generate-storage-upload-url";
import * as uploadStorageFile from "./upload-storage-file";

export default createRouter()
  .openapi(generateStorageUploadURL.route, generateStorageUploadURL.handler)
  .openapi(uploadStorageFile.route, uploadStorageFile.handler);
