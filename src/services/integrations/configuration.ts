import type { IntegrationConfigurationDefinition, INSTALLATION_STATUSES, IntegrationScope } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { unacceptedScopes } from "../access";

export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];

/**
 * Checks an installation's configuration against one of the integration's configuration schemas (`account` for
 * organization installations, `space` for space installations): known properties of the declared type (and
 * enum). Missing required properties do not refuse the write; they leave the installation `pending` (see
 * statusOf), as an installation is made before it is configured.
 */
export function checkConfiguration(
  integrationName: string,
  schema: IntegrationConfigurationDefinition | undefined,
  configuration: Record<string, unknown>,
) {
  const properties = schema?.properties ?? {};
  for (const [key, value] of Object.entries(configuration)) {
    const property = properties[key];
    if (!property) throw badRequest(`configuration.${key}: is not a configuration property of ${integrationName}`);
    if (value === null) continue;
    const expected = property.type === "button" ? undefined : property.type;
    if (expected && typeof value !== expected) throw badRequest(`configuration.${key}: must be a ${expected}`);
    if (property.type === "string" && property.enum && !property.enum.includes(value as string)) {
      throw badRequest(`configuration.${key}: must be one of ${property.enum.join(", ")}`);
    }
  }
}

/** `pending` until every required property of the schema is set, else `active`. */
export function statusOf(
  schema: IntegrationConfigurationDefinition | undefined,
  configuration: Record<string, unknown>,
): InstallationStatus {
  const required = schema?.required ?? [];
  return required.every((key) => configuration[key] !== undefined && configuration[key] !== null)
    ? "active"
    : "pending";
}

/**
 * An organization installation's status as the API shows it: the stored one (configuration), but `pending` while
 * its integration asks for scopes its admins have not accepted (the reference's IntegrationInstallation has no
 * field for the scopes themselves; compare the integration's `scopes`). Its tokens meanwhile act within the
 * accepted ones; an admin's updateIntegrationInstallation accepts them.
 */
export function shownStatus(
  row: { status: InstallationStatus; acceptedScopes: readonly IntegrationScope[] },
  integrationScopes: readonly IntegrationScope[],
): InstallationStatus {
  return row.status === "active" && unacceptedScopes(integrationScopes, row.acceptedScopes).length
    ? "pending"
    : row.status;
}
