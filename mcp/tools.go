package mcp

import (
	"context"
	"fmt"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/engine"
)

// The two tools. Descriptions are written for the model that calls them:
// when to call, what each field does, the limits. Schemas are written by
// hand (not inferred from Go types) so every array is a plain
// "type": "array": some model providers reject ["null","array"].
// testdata/*.json snapshots both; a change fails TestToolSchemas until the
// snapshot is refreshed on purpose with -update.

const (
	toolAdd    = "add_memories"
	toolSearch = "search_memory"
	maxItems   = engine.MaxItems // memories per add_memories call, ids per search_memory call
	maxTags    = engine.MaxTags
)

const addDescription = `Save what is worth remembering across conversations: durable facts about the user and ` +
	`their people, projects and things, preferences, decisions, plans, how-tos that worked. Not small talk; ` +
	`secrets are redacted. Write each item as one self-contained fact (names, not pronouns). A known ` +
	`fact is not stored twice (NONE); a refinement UPDATEs it, a contradiction SUPERSEDEs it (kept as history). An ` +
	`item may also be a turn ("user: ..."), an image URL or data:image URI, "forget that ..." or "forget: <id>", or ` +
	`"resolved: ..." (closes the open issue it names).`

const searchDescription = `Recall stored memories. Call it before answering anything that may depend on what ` +
	`you were told before (preferences, people, projects, past decisions and fixes). With a query: best matches ` +
	`first, each with a score (0-1) and relevant (false on every hit: nothing stored answers it). Without: the ` +
	`newest memories, top_k per page. With ids: those memories ("skill:<id>" expands a skill). Replaced facts are ` +
	`hidden unless include_superseded is true.`

func str(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }

func strArray(desc string, maxLen int) map[string]any {
	return map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "maxItems": maxLen, "description": desc}
}

func enum(desc string, values ...string) map[string]any {
	return map[string]any{"type": "string", "enum": values, "description": desc}
}

var memoryTypes = []string{"semantic", "episodic", "procedural"}

func addMemoriesTool() *sdk.Tool {
	memories := strArray("What to remember: 1 to 100 items, each at most 32 KiB.", maxItems)
	memories["minItems"] = 1
	return &sdk.Tool{
		Name: toolAdd, Title: "Add memories", Description: addDescription,
		Annotations: &sdk.ToolAnnotations{Title: "Add memories", DestructiveHint: ptr(true), OpenWorldHint: ptr(false)},
		InputSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"memories": memories,
				"memory_type": enum("Kind of every fact of this call: semantic (lasting facts), episodic (events), "+
					"procedural (how-tos). Omit if unsure.", memoryTypes...),
				"tags":       strArray("Labels for every memory of this call (at most 20).", maxTags),
				"session_id": str("Id of the current conversation or task."),
				// Declared with one property: Gemini refuses an object
				// schema without properties; other keys are allowed.
				"metadata": map[string]any{"type": "object",
					"description": "JSON object stored with every memory of this call (at most 16 KiB); any keys.",
					"properties":  map[string]any{"source": str("Where this came from, e.g. chat, email, meeting.")}},
			},
			"required": []string{"memories"},
		},
	}
}

func searchMemoryTool() *sdk.Tool {
	return &sdk.Tool{
		Name: toolSearch, Title: "Search memory", Description: searchDescription,
		Annotations: &sdk.ToolAnnotations{Title: "Search memory", ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: ptr(false)},
		InputSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"query": str("A question or keywords; omit to browse the newest memories."),
				"ids":   strArray(`Memory ids to fetch, or "skill:<id>".`, maxItems),
				"top_k": map[string]any{"type": "integer", "minimum": 1, "maximum": engine.MaxTopK,
					"description": "How many (default 10; 20 per page when browsing)."},
				"page":        map[string]any{"type": "integer", "minimum": 1, "description": "Browse only: page of newest memories."},
				"mode":        enum("hybrid (default), text (keywords) or vector (meaning).", "hybrid", "text", "vector"),
				"rerank":      enum("Re-score the best candidates (slower, more precise).", "cross_encoder"),
				"memory_type": enum("Only memories of this kind.", memoryTypes...),
				"session_id":  str("Only memories of this session."),
				"include_superseded": map[string]any{"type": "boolean",
					"description": "Also return replaced facts (default false)."},
			},
		},
	}
}

func ptr[T any](v T) *T { return &v }

// retired maps tool names of earlier memory servers to the way to do the
// same with the two current tools. They are not listed; a call is answered
// with a tool error so the model can switch without a protocol failure.
var retired = map[string]string{
	"add_conversation": `add_conversation was retired: call add_memories with the turns as items, ` +
		`e.g. {"memories": ["user: I moved to Paris", "assistant: Noted!"]}.`,
	"add_media": `add_media was retired: call add_memories with the image URL, data:image/... URI ` +
		`or base64 bytes as an item, e.g. {"memories": ["https://example.com/photo.jpg"]}.`,
	"get_skill": `get_skill was retired: call search_memory with {"ids": ["skill:<id>"]}.`,
	"reconcile_memories": "reconcile_memories was retired: entity reconciliation runs on the server " +
		"(REST POST /api/v1/entities/reconcile); use search_memory and add_memories from MCP.",
	"reconcile_status": "reconcile_status was retired: entity reconciliation runs on the server " +
		"(REST GET /api/v1/entities/reconcile); use search_memory and add_memories from MCP.",
	"list_merge_suggestions": "list_merge_suggestions was retired: entity merge suggestions are served " +
		"over REST (GET /api/v1/entities/suggestions); use search_memory and add_memories from MCP.",
}

// addRetiredTools registers each retired name as a tool that answers with
// its replacement, and hides them from tools/list. Registered tools (not a
// middleware short-cut) so their results go through the SDK's own call
// path, which adds what each protocol version requires of a result (e.g.
// resultType "complete" from 2026-07-28 on).
func addRetiredTools(s *sdk.Server) {
	for name, msg := range retired {
		s.AddTool(&sdk.Tool{Name: name, Description: msg, InputSchema: map[string]any{"type": "object"}},
			func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) { return textError(msg), nil })
	}
	s.AddReceivingMiddleware(hideRetired)
}

// hideRetired removes the retired names from tools/list answers.
func hideRetired(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		res, err := next(ctx, method, req)
		if list, ok := res.(*sdk.ListToolsResult); ok && list != nil {
			list.Tools = slices.DeleteFunc(list.Tools, func(t *sdk.Tool) bool { _, old := retired[t.Name]; return old })
		}
		return res, err
	}
}

// unknownTool answers a call of a tool this server does not have with the
// protocol error the spec asks for (-32602), naming the two tools: the
// SDK's "unknown tool \"x\"" left a model that picked the name itself
// (clients such as Cline let it) nothing to go on. Retired names are
// registered tools and keep their own advice.
func unknownTool(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		call, ok := req.(*sdk.CallToolRequest)
		if !ok || call.Params == nil {
			return next(ctx, method, req)
		}
		if name := call.Params.Name; name != toolAdd && name != toolSearch && retired[name] == "" {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown tool %q: this server "+
				`has two tools, add_memories (save; an item "forget: <id>" deletes) and search_memory (recall)`, name)}
		}
		return next(ctx, method, req)
	}
}

// textError is a tool error with one text message.
func textError(msg string) *sdk.CallToolResult {
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: msg}}}
}
