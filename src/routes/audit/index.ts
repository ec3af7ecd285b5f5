import { createRouter } from "../../http/router";
import * as getOrganizationAuditEvent from "./get-organization-audit-event";
import * as listOrganizationAuditEventActions from "./list-organization-audit-event-actions";
import * as listOrganizationAuditEvents from "./list-organization-audit-events";

export default createRouter()
  .openapi(listOrganizationAuditEventActions.route, listOrganizationAuditEventActions.handler)
  .openapi(listOrganizationAuditEvents.route, listOrganizationAuditEvents.handler)
  .openapi(getOrganizationAuditEvent.route, getOrganizationAuditEvent.handler);
