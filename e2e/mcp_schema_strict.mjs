// The tool schemas as a strict client sees them: memsvc's tools/list read
// with the official TypeScript client, each inputSchema compiled by Ajv in
// JSON Schema 2020-12 strict mode (unknown keywords, ambiguous types and
// required names that are not properties are errors), then checked against
// arguments the server takes and mistakes it refuses. Ajv is the validator
// the TypeScript SDK itself uses (a dependency of @modelcontextprotocol/sdk).
// Driven by mcp/node_schema_e2e_test.go; by hand:
//
//   MEMSVC_URL=http://127.0.0.1:8765 node e2e/mcp_schema_strict.mjs
//
// Exits 0 and prints "ok" when every check passes; otherwise prints what
// failed and exits 1.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import Ajv2020Module from "ajv/dist/2020.js";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const base = process.env.MEMSVC_URL;

function check(cond, what, detail) {
  if (!cond) {
    throw new Error(`${what}${detail === undefined ? "" : ": " + JSON.stringify(detail)}`);
  }
}

// Each tool's arguments: [arguments, the schema accepts them].
const cases = {
  add_memories: [
    [{ memories: ["Alice lives in Paris"] }, true],
    [{ memories: ["a"], memory_type: "episodic", tags: ["t"], session_id: "s", metadata: { source: "chat", n: 1 } }, true],
    [{ memories: [] }, false],
    [{ memories: "Alice lives in Paris" }, false],
    [{ memories: ["a"], memory_type: "fact" }, false],
    [{}, false],
  ],
  search_memory: [
    [{}, true],
    [{ query: "where does Alice live", top_k: 5, mode: "text", include_superseded: true }, true],
    [{ ids: ["skill:x"] }, true],
    [{ top_k: 0 }, false],
    [{ top_k: "5" }, false],
    [{ mode: "fuzzy" }, false],
  ],
};

async function main() {
  const url = new URL(`${base}/mcp/schema-strict`);
  url.searchParams.set("user_id", "schema-strict");
  const client = new Client({ name: "memsvc-schema-strict", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url));
  const { tools } = await client.listTools();
  check(tools.length === 2, "two tools", tools.map((t) => t.name));
  for (const tool of tools) {
    const ajv = new Ajv2020({ strict: true, strictRequired: true, strictTypes: true, allErrors: true });
    let validate;
    try {
      validate = ajv.compile(tool.inputSchema);
    } catch (err) {
      throw new Error(`${tool.name}: inputSchema does not compile in Ajv strict mode: ${err.message}`);
    }
    check(tool.description && tool.description.length > 0, `${tool.name}: no description`);
    for (const [args, want] of cases[tool.name]) {
      check(validate(args) === want, `${tool.name} ${JSON.stringify(args)}: schema accepts=${!want}, want ${want}`, validate.errors);
      if (want) {
        // What the schema accepts, the server takes (no tool error).
        const res = await client.callTool({ name: tool.name, arguments: args });
        const text = (res.content ?? []).map((c) => c.text ?? "").join("\n");
        check(!res.isError, `${tool.name} ${JSON.stringify(args)}: the schema accepts it, the server refused it`, text);
      }
    }
  }
  await client.close();
  console.log("ok");
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
