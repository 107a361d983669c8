/**
 * Runs the HTTP app until SIGINT/SIGTERM: listens (node:http under Node and Deno alike), prints
 * where, then shuts down cleanly (sessions closed, socket closed, exit 0).
 */
import type { Config } from "../../config.ts";
import { listen, type Listening, onShutdownSignal, origin } from "../../http/listener.ts";
import { SERVER_CARD_SUFFIX } from "../../http/server_card.ts";
import { log } from "../../log.ts";
import { openCardStores } from "../../store/open.ts";
import { createHttpApp, MCP_PATH } from "./app.ts";

/** Serves until a shutdown signal; resolves with the exit code. */
export async function serveHttp(config: Config): Promise<number> {
  const stores = await openCardStores(config);
  if (!stores) return 1;
  const app = createHttpApp(config, { stores });
  let listening: Listening;
  try {
    listening = await listen(app.fetch, {
      hostname: config.host,
      port: config.port,
      maxConnections: config.maxConnections,
    });
  } catch (error) {
    log(`Cannot start: cannot listen on ${origin(config.host, config.port)}: ${(error as Error).message}`);
    await stores.close();
    return 1;
  }
  const base = origin(config.host, listening.port);
  log(`Listening on ${base}${MCP_PATH} (Server Card: ${base}${MCP_PATH}${SERVER_CARD_SUFFIX})`);
  if (config.storeUrl !== undefined) {
    log(`Cards are stored in Redis: replicas sharing it read each other's cards`);
  }
  if (config.allowedHosts.length === 0 && (config.host === "0.0.0.0" || config.host === "::")) {
    log("Only loopback Host names are accepted: set MCP_CHAT_CARDS_ALLOWED_HOSTS to the names clients use");
  }
  await new Promise<void>((resolve) => onShutdownSignal(resolve));
  log("Shutting down");
  await app.close();
  await listening.stop();
  await stores.close();
  log("Stopped");
  return 0;
}
