import { createRouter } from "../../http/router";
import * as dnsRevalidateCustomHostname from "./dns-revalidate-custom-hostname";
import * as getCustomHostname from "./get-custom-hostname";
import * as removeCustomHostname from "./remove-custom-hostname";

export default createRouter()
  .openapi(getCustomHostname.route, getCustomHostname.handler)
  .openapi(dnsRevalidateCustomHostname.route, dnsRevalidateCustomHostname.handler)
  .openapi(removeCustomHostname.route, removeCustomHostname.handler);
