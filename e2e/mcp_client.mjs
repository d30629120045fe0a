// End-to-end check of memsvc's MCP endpoint with the official TypeScript
// client (@modelcontextprotocol/sdk, StreamableHTTPClientTransport).
// Driven by the Go test mcp/node_e2e_test.go; run by hand with:
//
//   MEMSVC_URL=http://127.0.0.1:8765 MEMSVC_KEY_A=msk_… MEMSVC_KEY_B=msk_… node e2e/mcp_client.mjs
//
// Keys may be empty for a server without auth (the users are then the
// user_id query values "e2e-a" and "e2e-b"). Exits 0 and prints "ok" when
// every check passes; otherwise prints what failed and exits 1.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const base = process.env.MEMSVC_URL;
const keyA = process.env.MEMSVC_KEY_A ?? "";
const keyB = process.env.MEMSVC_KEY_B ?? "";
const png =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

function check(cond, what, detail) {
  if (!cond) {
    throw new Error(`${what}${detail === undefined ? "" : ": " + JSON.stringify(detail)}`);
  }
}

async function connect(key, user) {
  const url = new URL(`${base}/mcp/e2e-node`);
  if (!key) url.searchParams.set("user_id", user);
  const headers = key ? { Authorization: `Bearer ${key}` } : {};
  const client = new Client({ name: "memsvc-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

async function call(client, name, args) {
  const res = await client.callTool({ name, arguments: args });
  const text = (res.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  check(!res.isError, `${name} ${JSON.stringify(args)} failed`, text);
  check(res.structuredContent && typeof res.structuredContent === "object", `${name}: no structured content`);
  check(text.length > 0, `${name}: no text content`);
  return res.structuredContent;
}

const texts = (r) => (r.results ?? []).map((m) => m.text).sort();

async function main() {
  check(base, "MEMSVC_URL is not set");
  const a = await connect(keyA, "e2e-a");

  const { tools } = await a.listTools();
  const names = tools.map((t) => t.name).sort();
  check(JSON.stringify(names) === JSON.stringify(["add_memories", "search_memory"]), "tools", names);
  for (const t of tools) {
    check(t.description && t.inputSchema?.type === "object", `tool ${t.name} lacks a description or object schema`);
  }

  const added = await call(a, "add_memories", {
    memories: [
      "The deploy script fails on Mondays",
      "user: My sister Anna works at Google",
      "assistant: Good to know!",
      png,
      "I prefer tabs over spaces",
    ],
  });
  check(added.text?.length === 2 && added.text.every((e) => e.results[0]?.event === "ADD"), "text section", added.text);
  check(added.conversation?.[0]?.results?.[0]?.text === "User's sister Anna works at Google", "conversation section", added.conversation);
  check(added.images?.[0]?.results?.[0]?.event === "ADD", "images section: a pending image memory", added.images);
  const deployId = added.text[0].results[0].id;

  const found = await call(a, "search_memory", { query: "deploy script" });
  check(found.results?.[0]?.id === deployId, "search finds the deploy note first", found.results);

  const browsed = await call(a, "search_memory", {});
  const seen = texts(browsed);
  check(
    seen.length === 6 &&
      seen.includes("The deploy script fails on Mondays") &&
      seen.includes("User's sister Anna works at Google") &&
      seen.includes("User: My sister Anna works at Google") &&
      seen.some((t) => t.includes("tabs over spaces")) &&
      seen.some((t) => t.startsWith("Inline image")),
    "browse",
    seen,
  );
  check(browsed.mode === "browse", "browse mode", browsed.mode);

  const forgot = await call(a, "add_memories", { memories: ["forget that my sister Anna works at Google"] });
  check(forgot.forget?.[0]?.results?.[0]?.event === "DELETE", "forget deletes the fact", forgot.forget);
  const after = await call(a, "search_memory", {});
  check(
    after.results.length === 4 && !texts(after).some((t) => t.includes("Anna")),
    "browse after forget: the fact and the episode that stated it are gone",
    texts(after),
  );

  const retired = await a.callTool({ name: "add_conversation", arguments: {} });
  check(retired.isError && JSON.stringify(retired.content).includes("add_memories"), "retired tool name", retired);

  const b = await connect(keyB, "e2e-b");
  check((await call(b, "search_memory", { query: "deploy script" })).results.length === 0, "second user's search is empty");
  check((await call(b, "search_memory", {})).results.length === 0, "second user's browse is empty");
  const byId = await call(b, "search_memory", { ids: [deployId] });
  check(byId.items?.[0]?.error && !byId.items[0].memory, "second user cannot fetch the first user's memory by id", byId.items);

  await a.close();
  await b.close();
  console.log("ok");
}

main().catch((err) => {
  console.error(`memsvc e2e failed: ${err?.stack ?? err}`);
  process.exit(1);
});
