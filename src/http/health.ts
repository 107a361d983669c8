/**
 * GET /healthz for load balancers and container health checks: 200 while the process serves and
 * its card store answers, 503 while the store is unreachable (the replica still renders cards,
 * but a balancer that can choose should send reads elsewhere). It says nothing else, so it needs
 * neither the bearer token nor an allowed Host: probes come from the balancer's own address.
 */

/** Path of the health endpoint. */
export const HEALTH_PATH = "/healthz";

/** What the store reports. */
export interface StoreProbe {
  store: "memory" | "redis";
  reachable: boolean;
}

/** The health response for GET (and HEAD, without a body); 405 for other methods. */
export async function healthResponse(request: Request, probe: () => Promise<StoreProbe>): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return Response.json({ status: "error", problem: `Method ${request.method} is not allowed: use GET` }, {
      status: 405,
      headers: { Allow: "GET, HEAD", "Cache-Control": "no-store" },
    });
  }
  const { store, reachable } = await probe();
  const body = reachable
    ? { status: "ok", store }
    : { status: "unavailable", store, problem: "the card store is unreachable" };
  const response = Response.json(body, {
    status: reachable ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
  return request.method === "HEAD"
    ? new Response(null, { status: response.status, headers: response.headers })
    : response;
}
