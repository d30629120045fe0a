// Protocol probes of memsvc with the official TypeScript MCP client over
// both transports: Streamable HTTP (with the Accept header the SDK sends,
// and rewritten to only application/json and only text/event-stream, as
// other clients send it) and stdio (the `memsvc mcp` binary spawned as a
// desktop client does). Driven by cmd/memsvc/mcp_probe_e2e_test.go; by hand:
//
//   MEMSVC_URL=http://127.0.0.1:8765 MEMSVC_BIN=./memsvc MEMSVC_STDIO_DATA=/tmp/d node e2e/mcp_probe_client.mjs
//
// Exits 0 and prints "ok" when every check passes; otherwise prints what
// failed (with the stdio server's stderr) and exits 1.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const base = process.env.MEMSVC_URL;
const bin = process.env.MEMSVC_BIN;
const stdioData = process.env.MEMSVC_STDIO_DATA;

function check(cond, what, detail) {
  if (!cond) {
    throw new Error(`${what}${detail === undefined ? "" : ": " + JSON.stringify(detail)}`);
  }
}

// withAccept is a fetch that sends the given Accept instead of the SDK's.
function withAccept(accept) {
  return (url, init) => {
    const headers = new Headers(init?.headers);
    headers.set("Accept", accept);
    return fetch(url, { ...init, headers });
  };
}

function textOf(res) {
  return (res.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
}

// probe runs the same checks on a connected client; tag names the
// transport in failures.
async function probe(client, tag, fact) {
  await client.ping();
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  check(JSON.stringify(names) === JSON.stringify(["add_memories", "search_memory"]), `${tag}: tools`, names);
  const version = client.getServerVersion();
  check(version?.name === "memsvc", `${tag}: server info`, version);
  check(client.getServerCapabilities()?.tools, `${tag}: tools capability`, client.getServerCapabilities());

  // Not advertised, so not served: -32601, as for any method the server does not have.
  for (const [name, call] of [["resources/list", () => client.listResources()], ["prompts/list", () => client.listPrompts()]]) {
    let code;
    try {
      await call();
    } catch (e) {
      code = e.code;
    }
    check(code === -32601, `${tag}: ${name}`, code);
  }

  const added = await client.callTool({ name: "add_memories", arguments: { memories: [fact] } });
  check(!added.isError && /ADD/.test(textOf(added)), `${tag}: add`, added);
  const found = await client.callTool({ name: "search_memory", arguments: { query: fact } });
  const text = textOf(found);
  check(!found.isError && text.includes(fact) && /score \d\.\d\d, relevant/.test(text), `${tag}: search text`, text);
  check(found.structuredContent?.results?.[0]?.text === fact, `${tag}: search structured`, found.structuredContent);
  const nothing = await client.callTool({ name: "search_memory", arguments: { query: "zebra migration in the Serengeti" } });
  check(/nothing stored answers it|No memories match/.test(textOf(nothing)), `${tag}: irrelevant search says so`, textOf(nothing));

  // Bad arguments are tool errors naming the field, never protocol failures.
  for (const [args, field] of [
    [{}, "memories"],
    [{ memories: "one string" }, "memories"],
    [{ memories: ["x"], extra: 1 }, "extra"],
    [{ memories: [7] }, "memories[0]"],
  ]) {
    const r = await client.callTool({ name: "add_memories", arguments: args });
    check(r.isError && textOf(r).includes(field), `${tag}: add_memories ${JSON.stringify(args)}`, r);
  }
  const badK = await client.callTool({ name: "search_memory", arguments: { query: "x", top_k: "5" } });
  check(badK.isError && textOf(badK).includes("top_k"), `${tag}: top_k as a string`, badK);
  const retired = await client.callTool({ name: "get_skill", arguments: {} });
  check(retired.isError && textOf(retired).includes("search_memory"), `${tag}: retired name`, retired);
  let unknownFailed = false;
  try {
    const r = await client.callTool({ name: "no_such_tool", arguments: {} });
    unknownFailed = r.isError === true;
  } catch (err) {
    unknownFailed = /no_such_tool/.test(String(err?.message));
  }
  check(unknownFailed, `${tag}: an unknown tool fails with its name`);
}

async function overHTTP(accept, tag) {
  const url = new URL(`${base}/mcp/probe-${tag}?user_id=probe-${tag}`);
  const opts = accept ? { fetch: withAccept(accept) } : {};
  const client = new Client({ name: "memsvc-probe", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url, opts));
  await probe(client, `http ${tag}`, `The ${tag} probe runs on port ${tag.length}`);
  await client.close();
}

async function overStdio() {
  const transport = new StdioClientTransport({
    command: bin,
    args: ["mcp", "--data", stdioData, "--client", "probe-stdio"],
    env: { HOME: process.env.HOME ?? "/tmp", PATH: process.env.PATH ?? "" },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (b) => (stderr += b));
  const client = new Client({ name: "memsvc-probe", version: "1.0.0" });
  try {
    await client.connect(transport);
    await probe(client, "stdio", "The stdio probe keeps its notes in a spiral notebook");
    await client.close();
  } catch (err) {
    err.message += `\nstdio server stderr:\n${stderr}`;
    throw err;
  }
}

async function main() {
  check(base && bin && stdioData, "MEMSVC_URL, MEMSVC_BIN and MEMSVC_STDIO_DATA must be set");
  await overHTTP("", "sdk");
  await overHTTP("application/json", "json");
  await overHTTP("text/event-stream", "sse");
  await overStdio();
  console.log("ok");
}

main().catch((err) => {
  console.error(`memsvc probe failed: ${err?.stack ?? err}`);
  process.exit(1);
});
