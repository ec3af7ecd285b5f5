// "Export PDF" on a space or on one of its change requests (getSpacePDF, getChangeRequestPDF: `read` on the space,
// which its `permissions.view` says). The API renders the PDF while the request runs (a repeated export of the same
// revision reuses the stored one) and answers a signed download URL that works for an hour. It is offered as a
// plain link in the same tab: the download answers as an attachment, so the app stays where it is.
import type { Space } from "@gitbook/api";
import { useState } from "preact/hooks";
import { api } from "../../api";
import { seg } from "../../shell/session";
import { ErrorBox, useAction } from "../../shell/ui";

/** The export of the space's content, or (with `changeRequest`, its id or number) of that change request's. */
export function PdfExport(props: { space: Space; changeRequest?: string }) {
  const action = useAction();
  // The URL is kept with the export it belongs to: the bar stays mounted when the view moves to another space.
  const [ready, setReady] = useState<{ path: string; url: string } | undefined>(undefined);
  const { space, changeRequest } = props;
  if (!space.permissions.view) return null;
  const path = `/v1/spaces/${seg(space.id)}${changeRequest ? `/change-requests/${seg(changeRequest)}` : ""}/pdf`;
  const url = ready?.path === path && !action.busy ? ready.url : undefined;
  const local = url ? new URL(url, location.href) : undefined;
  const sameOrigin = local?.origin === location.origin;
  return (
    <div class="pdf-export">
      <button
        type="button"
        class="secondary"
        disabled={action.busy}
        aria-busy={action.busy}
        onClick={() =>
          action.run(async () => {
            setReady(undefined);
            setReady({ path, url: (await api<{ url: string }>("GET", path)).url });
          })
        }
      >
        Export PDF
      </button>
      {/* Said, not shown, once the link is there: the link says it. */}
      <span class={`pdf-status hint${url ? " visually-hidden" : ""}`} role="status">
        {action.busy ? "Preparing the PDF…" : url ? "The PDF is ready; its link works for an hour." : ""}
      </span>
      {url && local ? (
        <a
          href={sameOrigin ? `${local.pathname}${local.search}` : url}
          download={sameOrigin ? "" : undefined}
          title="The link works for an hour"
        >
          Download the PDF
        </a>
      ) : null}
      <ErrorBox error={action.error} />
    </div>
  );
}
