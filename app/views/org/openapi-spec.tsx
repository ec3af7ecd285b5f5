// `/o/:org/openapi/:slug`: an OpenAPI specification of the organization, its processing state and its newest
// versions, with links to the API's own addresses for them. One round trip: the spec and its versions.
import type { OpenAPISpec, OpenAPISpecVersion } from "@gitbook/api";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { type List, seg, usePlace } from "../../shell/session";
import { Loaded, View, When } from "../../shell/ui";

const SHOWN = 20;

const STATE: Record<string, string> = {
  pending: "Waiting to be processed",
  progress: "Processing",
  complete: "Processed",
};

export function OpenAPISpecView(props: { organizationId: string; slug: string }) {
  usePlace(props.organizationId);
  const path = `/v1/orgs/${seg(props.organizationId)}/openapi/${seg(props.slug)}`;
  const load = useLoad(async () => {
    const [spec, versions] = await Promise.all([
      api<OpenAPISpec>("GET", path),
      api<List<OpenAPISpecVersion>>("GET", `${path}/versions?limit=${SHOWN}`),
    ]);
    return { spec, versions };
  }, [path]);
  return (
    <View title={load.data ? `OpenAPI: ${load.data.spec.slug}` : `OpenAPI: ${props.slug}`}>
      <Loaded load={load} label="Loading the specification…">
        {({ spec, versions }) => (
          <>
            <dl class="org-facts">
              <dt>Slug</dt>
              <dd>
                <code>{spec.slug}</code>
              </dd>
              <dt>State</dt>
              <dd>
                {STATE[spec.processingState] ?? spec.processingState}
                {spec.lastProcessErrorCode ? <span class="badge">last error: {spec.lastProcessErrorCode}</span> : null}
              </dd>
              {spec.visibility ? (
                <>
                  <dt>Visibility</dt>
                  <dd>{spec.visibility}</dd>
                </>
              ) : null}
              {spec.sourceURL ? (
                <>
                  <dt>Source</dt>
                  <dd>
                    <a href={spec.sourceURL}>{spec.sourceURL}</a>
                  </dd>
                </>
              ) : null}
              <dt>Last processed</dt>
              <dd>
                <When iso={spec.lastProcessedAt} />
              </dd>
              <dt>Updated</dt>
              <dd>
                <When iso={spec.updatedAt} />
              </dd>
              <dt>In the API</dt>
              <dd>
                <a href={spec.urls.location}>{spec.urls.location}</a>
              </dd>
            </dl>
            <h2>Versions</h2>
            {versions.items.length ? (
              <>
                <ul class="rows">
                  {versions.items.map((version) => (
                    <li key={version.id}>
                      <span>
                        {version.id === spec.lastVersion ? <span class="badge open">latest</span> : null}{" "}
                        <When iso={version.createdAt} />
                      </span>
                      <a href={version.url}>
                        Specification<span class="visually-hidden"> (version {version.id})</span>
                      </a>
                    </li>
                  ))}
                </ul>
                {versions.next ? <p class="hint">The {SHOWN} newest versions are shown.</p> : null}
              </>
            ) : (
              <p>No version has been processed yet.</p>
            )}
          </>
        )}
      </Loaded>
    </View>
  );
}
