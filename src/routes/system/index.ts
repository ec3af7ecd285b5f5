import { createRouter } from "../../http/router";
import * as getApiInformation from "./get-api-information";

export default createRouter().openapi(getApiInformation.route, getApiInformation.handler);
