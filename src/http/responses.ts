/**
 * The HTTP layer's own refusals, as JSON-RPC error bodies (what MCP clients parse) with the
 * status code that says the same thing.
 */

/** A JSON-RPC error response with no request id (the request was refused before dispatch). */
export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });
}

/** The refusal of a body over the cap, naming the setting that raises it. */
export function payloadTooLargeMessage(maxBody: number): string {
  return `Payload Too Large: the request body is over the ${maxBody}-byte limit (MCP_CHAT_CARDS_HTTP_MAX_BODY)`;
}

/** The refusal of a request that could not be read: its URL (from the Host header) or its body. */
export function badRequest(): Response {
  return jsonRpcError(
    400,
    -32000,
    "Bad Request: the request could not be read (check the Host header and the body)",
    {
      Connection: "close",
    },
  );
}
