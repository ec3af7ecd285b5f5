/**
 * A `text/event-stream` response as the official client reads it (`streamRequest`): one `data:` event per JSON
 * object, then an `event: done`. Quire computes an answer before it answers (so errors keep their status and
 * JSON body), then streams its events.
 */
export function eventStream(events: unknown[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      controller.enqueue(encoder.encode("event: done\ndata: [DONE]\n\n"));
      controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A route's event-stream response for its OpenAPI description: `responses: { 200: eventStreamOf(Event) }`. */
export const eventStreamOf = <T>(schema: T, description = "OK") => ({
  description,
  content: { "text/event-stream": { schema } },
});
