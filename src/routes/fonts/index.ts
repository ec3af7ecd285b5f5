import { createRouter } from "../../http/router";
import * as createCustomFont from "./create-custom-font";
import * as deleteCustomFont from "./delete-custom-font";
import * as getCustomFont from "./get-custom-font";
import * as listCustomFonts from "./list-custom-fonts";
import * as updateCustomFont from "./update-custom-font";

export default createRouter()
  .openapi(listCustomFonts.route, listCustomFonts.handler)
  .openapi(createCustomFont.route, createCustomFont.handler)
  .openapi(getCustomFont.route, getCustomFont.handler)
  .openapi(updateCustomFont.route, updateCustomFont.handler)
  .openapi(deleteCustomFont.route, deleteCustomFont.handler);
