// Refusal probes of memsvc with the official TypeScript MCP client: what
// the client (and the person or model behind it) is told when the server
// says no. Driven by cmd/memsvc/mcp_probe5_e2e_test.go; by hand:
//
//   MEMSVC_URL=http://127.0.0.1:8765 MEMSVC_KEY_A=msk_… node e2e/mcp_probe5_client.mjs
//
// The server must require keys. Exits 0 and prints "ok" when every check
// passes; otherwise prints what failed and exits 1.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { EmptyResultSchema } from "@modelcontextprotocol/sdk/types.js";

const base = process.env.MEMSVC_URL;
const key = process.env.MEMSVC_KEY_A;

function check(cond, what, detail) {
  if (!cond) {
    throw new Error(`${what}${detail === undefined ? "" : ": " + JSON.stringify(detail)}`);
  }
}

// connect opens a client on /mcp/probe5 with key (none when empty); it
// returns the client and the transport errors it reported.
async function connect(key) {
  const headers = key ? { Authorization: `Bearer ${key}` } : {};
  const client = new Client({ name: "probe5", version: "1.0.0" });
  const errors = [];
  client.onerror = (err) => errors.push(String(err?.message ?? err));
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp/probe5`), { requestInit: { headers } }));
  return { client, errors };
}

// failure is the message of what fn throws, or of the tool error it
// returns; "" when it succeeds.
async function failure(fn) {
  try {
    const res = await fn();
    return res?.isError ? (res.content ?? []).map((c) => c.text).join("\n") : "";
  } catch (err) {
    return String(err?.message ?? err);
  }
}

async function main() {
  check(base && key, "MEMSVC_URL and MEMSVC_KEY_A must be set");

  // No key: the reason, not only a status.
  const noKey = await failure(() => connect(""));
  check(noKey.includes("missing API key"), "a client without a key is told it lacks one", noKey);

  const { client, errors } = await connect(key);
  // A tool name the model made up: the two real tools are named.
  const unknown = await failure(() => client.callTool({ name: "forget_memory", arguments: { id: "x" } }));
  check(unknown.includes("forget_memory") && unknown.includes("add_memories") && unknown.includes("search_memory"),
    "an unknown tool names the tools there are", unknown);
  // A method the server does not have: JSON-RPC's method not found.
  const method = await failure(() => client.request({ method: "memsvc/nothing", params: {} }, EmptyResultSchema));
  check(method.includes("-32601") && method.includes("method not found"), "an unknown method is method not found", method);

  // The session goes on after the refusals, unicode intact.
  const fact = "Tess brews kombucha in Kraków 🍵";
  const added = await client.callTool({ name: "add_memories", arguments: { memories: [fact] } });
  check(!added.isError && added.structuredContent?.text?.[0]?.results?.[0]?.text === fact, "add after refusals", added);
  const found = await client.callTool({ name: "search_memory", arguments: { query: "who brews kombucha" } });
  const best = found.structuredContent?.results?.[0];
  check(best?.text === fact && best.relevant === true && best.score > 0 && best.score <= 1, "search after refusals", found);
  check(found.content?.[0]?.text.includes(fact) && /relevance floor/.test(found.content[0].text), "text names the hit and the floor", found.content);
  // The 405 of the stream it asked for (GET) is not a transport error.
  check(errors.length === 0, "no transport errors on the session", errors);
  await client.close();
  console.log("ok");
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
