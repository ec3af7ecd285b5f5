import { Validator } from "@cfworker/json-schema";
import { GitBookAPI } from "gitbook-api-current";
import spec from "gitbook-api-current/spec/openapi.json";
import { expect } from "vitest";
import { ORIGIN, workerFetch } from "./http";

/** Today's official client (`@gitbook/api` 0.202, the `gitbook-api-current` alias), unmodified, in-process. */
export function currentClient(token?: string) {
  return new GitBookAPI({ endpoint: ORIGIN, authToken: token, serviceBinding: { fetch: workerFetch } });
}

const SPEC_ID = "https://quire.test/gitbook-api-current/openapi.json";
const validators = new Map<string, Validator>();
let document: Record<string, unknown> | undefined;

/**
 * Checks a body against a component schema of the 0.202 document (JSON Schema 2020-12, as OpenAPI 3.1 states
 * it). `@cfworker/json-schema` compiles nothing (workerd forbids code generation), so it runs in the pool.
 */
export function expectCurrentShape(schema: string, body: unknown) {
  let validator = validators.get(schema);
  if (!validator) {
    document ??= { $id: SPEC_ID, ...(spec as Record<string, unknown>) };
    validator = new Validator({ $ref: `${SPEC_ID}#/components/schemas/${schema}` }, "2020-12", false);
    validator.addSchema(document as never);
    validators.set(schema, validator);
  }
  const { valid, errors } = validator.validate(body);
  const leaves = errors.filter((e) => !e.error.startsWith("A subschema"));
  expect(valid, `${schema}: ${JSON.stringify(leaves.slice(0, 6), null, 1)}`).toBe(true);
}
