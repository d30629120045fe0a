package mcp

import (
	"context"

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

const addDescription = `Save what is worth remembering across conversations: facts about the user and the people, ` +
	`projects and things in their life, preferences, decisions, plans, and how-tos that worked. Call it when the user ` +
	`shares something durable or asks you to remember, forget or close something. Do not save small talk or secrets.

Write each item as one self-contained statement ("Alice's daughter Emma is allergic to peanuts", not "she is ` +
	`allergic"). The server keeps facts atomic and current: an item already known is not stored twice (event NONE), ` +
	`a more detailed one updates the stored fact (UPDATE), a contradicting one supersedes it (SUPERSEDE; the old ` +
	`fact is kept as history).

Each item is read as one of:
- a statement: stored as facts (section "text");
- a conversation turn "user: ...", "assistant: ..." or "system: ...": consecutive turns are read together as ` +
	`one conversation and only its durable facts are kept (section "conversation");
- an image: an http(s) URL of an image, a data:image/... URI or base64 image bytes; it is stored at once as ` +
	`a pending memory whose description becomes searchable when the image has been captured (section "images");
- "forget that ...", "forget about ..." or "forget: ...": deletes the memories that clearly match; when unsure it deletes nothing ` +
	`and lists the closest memories, which "forget: <id>" then deletes exactly (section "forget");
- "resolved: ...": marks the open issue or task it names as resolved, keeping its history (section "resolve").

Items run in order. The result has one section per kind present, with each memory's id and event ` +
	`(ADD, UPDATE, SUPERSEDE, DELETE, NONE). At most 100 items per call, each at most 32 KiB.`

const searchDescription = `Recall stored memories. Call it before answering anything that may depend on what ` +
	`you were told before (the user's preferences, people, projects, past decisions and fixes), and before asking ` +
	`the user something they may already have told you.

- query: a question or keywords; returns the best matches first (keyword and semantic search combined).
- no query: browse the newest memories first, top_k per page (page 2, 3... for older ones).
- ids: fetch memories by id (from earlier results); "skill:<id>" expands a learned skill.

Each result shows the memory's id, text, type and the date it holds from. Facts replaced by newer ones ` +
	`(superseded) are hidden unless include_superseded is true.`

func str(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }

func strArray(desc string, maxLen int) map[string]any {
	return map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "maxItems": maxLen, "description": desc}
}

func enum(desc string, values ...string) map[string]any {
	return map[string]any{"type": "string", "enum": values, "description": desc}
}

var memoryTypes = []string{"semantic", "episodic", "procedural"}

func addMemoriesTool() *sdk.Tool {
	memories := strArray("What to remember, one self-contained statement per item (1 to 100 items). "+
		`Also accepts "user: ..." / "assistant: ..." conversation turns, image URLs or data:image URIs, `+
		`"forget that ..." / "forget: <id>" and "resolved: ..." items.`, maxItems)
	memories["minItems"] = 1
	return &sdk.Tool{
		Name: toolAdd, Title: "Add memories", Description: addDescription,
		Annotations: &sdk.ToolAnnotations{Title: "Add memories", DestructiveHint: ptr(true), OpenWorldHint: ptr(false)},
		InputSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"memories": memories,
				"memory_type": enum("Kind of every fact stored by this call, when you know better than the server: "+
					"semantic = lasting facts and preferences, episodic = events tied to a time, "+
					"procedural = how-tos and working conventions.", memoryTypes...),
				"tags": strArray("Labels stored with every memory of this call, e.g. [\"travel\"] (at most 20, "+
					"each at most 64 bytes).", maxTags),
				"session_id": str("Id of the current conversation or task; search_memory can later restrict recall to it."),
				"metadata": map[string]any{"type": "object",
					"description": "Free-form JSON object stored with every memory of this call, e.g. {\"source\": \"email\"} (at most 16 KiB)."},
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
				"query": str(`What to recall, as a question or keywords ("where does Alice live", "website deploy steps"). ` +
					"Omit or leave empty to browse the newest memories."),
				"ids": strArray(`Memory ids to fetch (from earlier results), or "skill:<id>" to expand a skill; `+
					"at most 100. Can be combined with query.", maxItems),
				"top_k": map[string]any{"type": "integer", "minimum": 1, "maximum": engine.MaxTopK,
					"description": "How many memories to return: default 10 for a query, 20 per page when browsing."},
				"page": map[string]any{"type": "integer", "minimum": 1,
					"description": "Browsing only (no query): which page of newest memories, from 1 (default 1)."},
				"mode": enum("hybrid (default) combines keyword and semantic matching; text matches keywords only; "+
					"vector matches meaning only.", "hybrid", "text", "vector"),
				"rerank":      enum("cross_encoder re-scores the best candidates for higher precision, at some cost in time.", "cross_encoder"),
				"memory_type": enum("Only memories of this kind.", memoryTypes...),
				"session_id":  str("Only memories stored with this session_id."),
				"include_superseded": map[string]any{"type": "boolean",
					"description": "Also return facts that newer ones replaced (default false), e.g. for \"where did Alice live before?\"."},
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

// retiredTools answers calls to retired tool names before the SDK would
// fail them as unknown tools.
func retiredTools(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		if call, ok := req.(*sdk.CallToolRequest); ok && call.Params != nil {
			if msg, ok := retired[call.Params.Name]; ok {
				return textError(msg), nil
			}
		}
		return next(ctx, method, req)
	}
}

// textError is a tool error with one text message.
func textError(msg string) *sdk.CallToolResult {
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: msg}}}
}
