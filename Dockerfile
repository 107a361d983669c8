# mcp-chat-cards over Streamable HTTP, one replica per container (see compose.yaml and README.md,
# "Deploy with Docker"). The permission flags are exactly those of `deno task start` without
# MCP_CHAT_CARDS_FS_ROOT (a test compares them): --deny-read, a hosted replica reads no local
# files; --allow-net also covers the connection to Redis.
FROM denoland/deno:2.9.6

WORKDIR /app
COPY deno.json deno.lock ./
COPY src/ src/
# Every module and npm package (the Redis client included) is fetched now, not at start.
RUN deno install --frozen-lockfile --entrypoint src/main.ts

# The image's unprivileged user; nothing under /app is writable by it.
USER deno
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["deno", "eval", "const r = await fetch('http://127.0.0.1:3000/healthz'); Deno.exit(r.ok ? 0 : 1)"]

ENTRYPOINT ["deno", "run", "--no-prompt", "--deny-read", "--allow-net", "--allow-env=MCP_CHAT_CARDS_CARD_BUDGET,MCP_CHAT_CARDS_RESULT_LIMIT,MCP_CHAT_CARDS_EMBED_HTML,MCP_CHAT_CARDS_FS_ROOT,MCP_CHAT_CARDS_ALLOW_PRIVATE,MCP_CHAT_CARDS_HTTP_TOKEN,MCP_CHAT_CARDS_ALLOWED_HOSTS,MCP_CHAT_CARDS_HTTP_MAX_BODY,MCP_CHAT_CARDS_HTTP_MAX_SESSIONS,MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS,MCP_CHAT_CARDS_STORE,MCP_CHAT_CARDS_STORE_SECRET,MCP_CHAT_CARDS_REPLICA,MCP_CHAT_CARDS_MEDIA_ORIGINS,CI", "src/main.ts"]
CMD ["--http", "--host", "0.0.0.0", "--port", "3000"]
