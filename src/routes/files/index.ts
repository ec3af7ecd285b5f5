import { createRouter } from "../../http/router";
import * as downloadFile from "./download-file";

export default createRouter().openapi(downloadFile.route, downloadFile.handler);
