import { createRouter } from "../../http/router";
import * as inviteToCollection from "./invite-to-collection";
import * as inviteToSpace from "./invite-to-space";
import * as listPermissionsAggregateInCollection from "./list-permissions-aggregate-in-collection";
import * as listPermissionsAggregateInSpace from "./list-permissions-aggregate-in-space";
import * as listTeamPermissionsInCollection from "./list-team-permissions-in-collection";
import * as listTeamPermissionsInSpace from "./list-team-permissions-in-space";
import * as listUserPermissionsInCollection from "./list-user-permissions-in-collection";
import * as listUserPermissionsInSpace from "./list-user-permissions-in-space";
import * as removeTeamFromCollection from "./remove-team-from-collection";
import * as removeTeamFromSpace from "./remove-team-from-space";
import * as removeUserFromCollection from "./remove-user-from-collection";
import * as removeUserFromSpace from "./remove-user-from-space";
import * as updateTeamPermissionInCollection from "./update-team-permission-in-collection";
import * as updateTeamPermissionInSpace from "./update-team-permission-in-space";
import * as updateUserPermissionInCollection from "./update-user-permission-in-collection";
import * as updateUserPermissionInSpace from "./update-user-permission-in-space";
import * as inviteToSite from "./invite-to-site";
import * as listTeamPermissionsInSite from "./list-team-permissions-in-site";
import * as listUserPermissionsInSite from "./list-user-permissions-in-site";
import * as removeTeamFromSite from "./remove-team-from-site";
import * as removeUserFromSite from "./remove-user-from-site";
import * as updateTeamPermissionInSite from "./update-team-permission-in-site";
import * as updateUserPermissionInSite from "./update-user-permission-in-site";

export default createRouter()
  .openapi(inviteToSpace.route, inviteToSpace.handler)
  .openapi(listUserPermissionsInSpace.route, listUserPermissionsInSpace.handler)
  .openapi(listTeamPermissionsInSpace.route, listTeamPermissionsInSpace.handler)
  .openapi(listPermissionsAggregateInSpace.route, listPermissionsAggregateInSpace.handler)
  .openapi(updateUserPermissionInSpace.route, updateUserPermissionInSpace.handler)
  .openapi(removeUserFromSpace.route, removeUserFromSpace.handler)
  .openapi(updateTeamPermissionInSpace.route, updateTeamPermissionInSpace.handler)
  .openapi(removeTeamFromSpace.route, removeTeamFromSpace.handler)
  .openapi(inviteToCollection.route, inviteToCollection.handler)
  .openapi(listUserPermissionsInCollection.route, listUserPermissionsInCollection.handler)
  .openapi(listTeamPermissionsInCollection.route, listTeamPermissionsInCollection.handler)
  .openapi(listPermissionsAggregateInCollection.route, listPermissionsAggregateInCollection.handler)
  .openapi(updateUserPermissionInCollection.route, updateUserPermissionInCollection.handler)
  .openapi(removeUserFromCollection.route, removeUserFromCollection.handler)
  .openapi(updateTeamPermissionInCollection.route, updateTeamPermissionInCollection.handler)
  .openapi(removeTeamFromCollection.route, removeTeamFromCollection.handler)
  .openapi(inviteToSite.route, inviteToSite.handler)
  .openapi(listUserPermissionsInSite.route, listUserPermissionsInSite.handler)
  .openapi(listTeamPermissionsInSite.route, listTeamPermissionsInSite.handler)
  .openapi(updateUserPermissionInSite.route, updateUserPermissionInSite.handler)
  .openapi(removeUserFromSite.route, removeUserFromSite.handler)
  .openapi(updateTeamPermissionInSite.route, updateTeamPermissionInSite.handler)
  .openapi(removeTeamFromSite.route, removeTeamFromSite.handler);
