package mcp_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// pngDataURI is a 1×1 PNG.
const pngDataURI = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

func TestListTools(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude"})
	res, err := sess.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if strings.Contains(mustJSON(t, tool.InputSchema), `"null"`) {
			t.Errorf("%s: schema mentions null (some providers reject type arrays): %s", tool.Name, mustJSON(t, tool.InputSchema))
		}
	}
	if diff := cmp.Diff([]string{"add_memories", "search_memory"}, names); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
	init := sess.InitializeResult()
	if caps := init.Capabilities; caps.Resources != nil || caps.Prompts != nil || caps.Logging != nil {
		t.Errorf("capabilities = %+v, want tools only", caps)
	}
	if init.Instructions == "" {
		t.Error("no server instructions")
	}
}

func TestAddMixedBatch(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude"})
	r := call(t, sess, "add_memories", map[string]any{"memories": []string{
		"The deploy script fails on Mondays",
		"user: My sister Anna works at Google",
		"assistant: Good to know!",
		pngDataURI,
		"resolved: the deploy script fails on Mondays",
		"forget that my sister Anna works at Google",
		"I prefer tabs over spaces",
	}, "tags": []string{"batch"}, "session_id": "s-1"})
	if r.isError {
		t.Fatalf("mixed batch is an error: %s", r.text)
	}
	sections := map[string][]string{}
	for _, name := range []string{"text", "conversation", "images", "forget", "resolve"} {
		for _, e := range list(r.data, name) {
			ev := events(e)
			if errObj, ok := e["error"].(map[string]any); ok {
				ev = append(ev, "error: "+errObj["message"].(string))
			}
			sections[name] = append(sections[name], strings.Join(ev, " | "))
		}
	}
	want := map[string][]string{
		// A distilled note or turn is also kept as said (an episode).
		"text":         {"ADD The deploy script fails on Mondays", "ADD User prefers tabs over spaces | ADD User: I prefer tabs over spaces"},
		"conversation": {"ADD User's sister Anna works at Google | ADD User: My sister Anna works at Google"},
		"images":       {"ADD Inline image (capture pending)"},
		"resolve":      {"SUPERSEDE Resolved: the deploy script fails on Mondays"},
		// Forgetting a fact forgets the episode that stated it.
		"forget": {"DELETE User's sister Anna works at Google | DELETE User: My sister Anna works at Google"},
	}
	if diff := cmp.Diff(want, sections); diff != "" {
		t.Fatalf("sections (-want +got):\n%s\ntext content:\n%s", diff, r.text)
	}
	deployID := list(list(r.data, "text")[0], "results")[0]["id"]
	resolve := list(list(r.data, "resolve")[0], "results")[0]
	if sup, _ := resolve["supersedes"].([]any); len(sup) != 1 || sup[0] != deployID {
		t.Errorf("resolve supersedes %v, want [%v]", resolve["supersedes"], deployID)
	}
	if items := list(r.data, "conversation")[0]["items"]; !cmp.Equal(items, []any{1.0, 2.0}) {
		t.Errorf("conversation items = %v, want [1 2]", items)
	}
	for _, section := range []string{"text:", "conversation:", "images:", "forget:", "resolve:", "SUPERSEDE", "DELETE"} {
		if !strings.Contains(r.text, section) {
			t.Errorf("text content lacks %q:\n%s", section, r.text)
		}
	}

	// What the batch left: the resolution and the preference, not the
	// forgotten fact; the superseded issue only on request.
	got := texts(call(t, sess, "search_memory", map[string]any{"query": "deploy script Mondays"}))
	if !slices.Contains(got, "Resolved: the deploy script fails on Mondays") || slices.Contains(got, "The deploy script fails on Mondays") {
		t.Errorf("search after resolve = %q", got)
	}
	got = texts(call(t, sess, "search_memory", map[string]any{"query": "deploy script Mondays", "include_superseded": true}))
	if !slices.Contains(got, "The deploy script fails on Mondays") {
		t.Errorf("include_superseded search = %q, want the superseded issue too", got)
	}
	imageID := list(list(r.data, "images")[0], "results")[0]["id"].(string)
	image := waitCaptured(t, sess, imageID)
	if !strings.Contains(image["text"].(string), "PNG") || !strings.Contains(image["text"].(string), "tabs over spaces") {
		t.Errorf("captured image text %q: want its format and the batch's statements as hints", image["text"])
	}
	browse := call(t, sess, "search_memory", map[string]any{})
	if got := texts(browse); len(got) != 4 || got[0] != "User prefers tabs over spaces" || got[1] != "User: I prefer tabs over spaces" ||
		got[2] != "Resolved: the deploy script fails on Mondays" || got[3] != image["text"] {
		t.Errorf("browse, newest first = %q", got)
	}
	for _, m := range list(browse.data, "results") {
		if m["app_name"] != "claude" || m["session_id"] != "s-1" || !cmp.Equal(m["tags"], []any{"batch"}) {
			t.Errorf("memory %v: app_name, session_id or tags not applied", m)
		}
	}
}

func TestSearchBrowseAndIDs(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "cursor"})
	var ids []string
	for _, text := range []string{"Alice lives in Paris", "Bob plays the cello", "The staging database is Postgres 16",
		"Carol's birthday is in May", "The website deploys with make release"} {
		ids = append(ids, addText(t, sess, text))
	}

	t.Run("query", func(t *testing.T) {
		r := call(t, sess, "search_memory", map[string]any{"query": "where does Alice live", "top_k": 2})
		got := texts(r)
		if len(got) == 0 || got[0] != "Alice lives in Paris" || len(got) > 2 {
			t.Errorf("results = %q, want Alice first, at most 2", got)
		}
		if !strings.Contains(r.text, ids[0]) || !strings.Contains(r.text, "Alice lives in Paris") {
			t.Errorf("text content lacks the id and text:\n%s", r.text)
		}
		if r.data["mode"] != "hybrid" {
			t.Errorf("mode = %v", r.data["mode"])
		}
	})
	t.Run("browse pages newest first", func(t *testing.T) {
		p1 := call(t, sess, "search_memory", map[string]any{"top_k": 2})
		p3 := call(t, sess, "search_memory", map[string]any{"top_k": 2, "page": 3})
		if diff := cmp.Diff([]string{"The website deploys with make release", "Carol's birthday is in May"}, texts(p1)); diff != "" {
			t.Errorf("page 1 (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"Alice lives in Paris"}, texts(p3)); diff != "" {
			t.Errorf("page 3 (-want +got):\n%s", diff)
		}
		if p1.data["total"] != 5.0 || p1.data["pages"] != 3.0 || !strings.Contains(p1.text, "page 1 of 3") {
			t.Errorf("page 1: total %v pages %v text:\n%s", p1.data["total"], p1.data["pages"], p1.text)
		}
	})
	t.Run("ids with per-item errors", func(t *testing.T) {
		r := call(t, sess, "search_memory", map[string]any{"ids": []string{ids[1], "01NOPE", "skill:deploy"}})
		if r.isError {
			t.Fatalf("ids: %s", r.text)
		}
		items := list(r.data, "items")
		if len(items) != 3 {
			t.Fatalf("items = %v", items)
		}
		if m, _ := items[0]["memory"].(map[string]any); m["text"] != "Bob plays the cello" {
			t.Errorf("items[0] = %v", items[0])
		}
		for i, want := range map[int]string{1: "no memory with this id", 2: `unknown skill "deploy"`} {
			if e, _ := items[i]["error"].(map[string]any); e["message"] != want {
				t.Errorf("items[%d] = %v, want error %q", i, items[i], want)
			}
		}
	})
}

func TestForgetAndResolveThroughMCP(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude"})
	addText(t, sess, "User drinks coffee every morning")
	addText(t, sess, "User buys coffee beans online")
	alice := addText(t, sess, "Alice lives in Paris")

	r := call(t, sess, "add_memories", map[string]any{"memories": []string{"forget: coffee"}})
	f := list(r.data, "forget")[0]
	if len(list(f, "results")) != 0 || len(list(f, "candidates")) != 2 || !strings.Contains(r.text, "ambiguous") {
		t.Errorf("ambiguous forget deleted something or listed no candidates: %v\n%s", f, r.text)
	}
	r = call(t, sess, "add_memories", map[string]any{"memories": []string{"forget: " + alice}})
	if diff := cmp.Diff([]string{"DELETE Alice lives in Paris"}, events(list(r.data, "forget")[0])); diff != "" {
		t.Errorf("forget by id (-want +got):\n%s", diff)
	}
	r = call(t, sess, "add_memories", map[string]any{"memories": []string{"forget that the moon is made of cheese"}})
	if f := list(r.data, "forget")[0]; len(list(f, "results")) != 0 || !strings.Contains(r.text, "nothing deleted") || r.isError {
		t.Errorf("unmatched forget: %v\n%s", f, r.text)
	}
	r = call(t, sess, "add_memories", map[string]any{"memories": []string{"Resolved: the printer jam in room 4"}})
	if diff := cmp.Diff([]string{"ADD Resolved: the printer jam in room 4"}, events(list(r.data, "resolve")[0])); diff != "" {
		t.Errorf("unmatched resolve (-want +got):\n%s", diff)
	}
}

func TestRetiredToolNames(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude"})
	for name, replacement := range map[string]string{"add_conversation": "add_memories", "add_media": "add_memories",
		"get_skill": "search_memory", "reconcile_memories": "/api/v1/entities/reconcile",
		"reconcile_status": "/api/v1/entities/reconcile", "list_merge_suggestions": "/api/v1/entities/suggestions"} {
		res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: map[string]any{}})
		if err != nil {
			t.Errorf("%s: protocol error %v, want a tool error", name, err)
			continue
		}
		if r := decodeResult(t, res); !r.isError || !strings.Contains(r.text, replacement) || !strings.Contains(r.text, "retired") {
			t.Errorf("%s: isError %v text %q, want a tool error naming %s", name, r.isError, r.text, replacement)
		}
	}
	if _, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: "no_such_tool"}); err == nil {
		t.Error("an unknown (never existing) tool name is not a protocol error")
	}
}

func TestInvalidArguments(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude"})
	long := strings.Repeat("word ", 7000)
	tests := []struct {
		name, tool string
		args       map[string]any
		mentions   string
	}{
		{"memories missing", "add_memories", map[string]any{}, "memories: is required"},
		{"memories not a list", "add_memories", map[string]any{"memories": 42}, "memories: must be a list of strings"},
		{"item not a string", "add_memories", map[string]any{"memories": []any{"ok", 7}}, "memories[1]: must be a string, got a number"},
		{"blank item", "add_memories", map[string]any{"memories": []string{"fine", "  "}}, "memories[1]: must not be empty"},
		{"item too long", "add_memories", map[string]any{"memories": []string{long}}, "memories[0]: longer than"},
		{"too many items", "add_memories", map[string]any{"memories": make([]string, 101)}, "at most 100 items"},
		{"forget without a subject", "add_memories", map[string]any{"memories": []string{"forget:"}}, "memories[0]: say what to forget"},
		{"unknown argument", "add_memories", map[string]any{"memories": []string{"x"}, "user_id": "bob"}, "user_id: unknown argument"},
		{"bad memory_type", "add_memories", map[string]any{"memories": []string{"x"}, "memory_type": "fact"}, "memory_type: must be"},
		{"tags not strings", "add_memories", map[string]any{"memories": []string{"x"}, "tags": []any{1}}, "tags[0]: must be a string"},
		{"metadata not an object", "add_memories", map[string]any{"memories": []string{"x"}, "metadata": "src"}, "metadata: must be a JSON object"},
		{"top_k zero", "search_memory", map[string]any{"query": "x", "top_k": 0}, "top_k: must be between 1 and 100"},
		{"top_k too big", "search_memory", map[string]any{"top_k": 101}, "top_k: must be between 1 and 100"},
		{"top_k fraction", "search_memory", map[string]any{"query": "x", "top_k": 2.5}, "top_k: must be an integer"},
		{"bad mode", "search_memory", map[string]any{"query": "x", "mode": "fuzzy"}, "mode: must be hybrid, text or vector"},
		{"bad rerank", "search_memory", map[string]any{"query": "x", "rerank": "llm"}, "rerank: only"},
		{"bad page", "search_memory", map[string]any{"page": 0}, "page: must be between 1 and 1000000"},
		{"include_superseded not a boolean", "search_memory", map[string]any{"include_superseded": "maybe"}, "include_superseded: must be true or false"},
		// Types are strict, as the schema declares them.
		{"bare string for memories", "add_memories", map[string]any{"memories": "Dave keeps bees"}, "memories: must be a list of strings"},
		{"bare string for ids", "search_memory", map[string]any{"ids": "m1"}, "ids: must be a list of strings"},
		{"string top_k", "search_memory", map[string]any{"query": "bees", "top_k": "5"}, "top_k: must be an integer"},
		{"string boolean", "search_memory", map[string]any{"include_superseded": "false"}, "include_superseded: must be true or false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := call(t, sess, tt.tool, tt.args)
			if !r.isError || !strings.Contains(r.text, tt.mentions) {
				t.Errorf("isError %v, text %q; want an error mentioning %q", r.isError, r.text, tt.mentions)
			}
		})
	}
	if got := texts(call(t, sess, "search_memory", map[string]any{})); len(got) != 0 {
		t.Errorf("a rejected call stored something: %q", got)
	}
}

// waitCaptured polls the memory until image capture has finished with it
// (the capture worker runs in the background) and returns it.
func waitCaptured(t *testing.T, sess *sdk.ClientSession, id string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		r := call(t, sess, "search_memory", map[string]any{"ids": []string{id}})
		m, _ := list(r.data, "items")[0]["memory"].(map[string]any)
		if m != nil && m["state"] != "pending" {
			if m["state"] != "active" {
				t.Fatalf("image capture ended in state %v: %v", m["state"], m["error"])
			}
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("image %s still pending after 20s: %v", id, m)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAddRedactsSecretsAndSkipsSmallTalk: add_memories stored "my API key
// for stripe is sk_live_…" verbatim and stored "hi there!" and "thanks!".
func TestAddRedactsSecretsAndSkipsSmallTalk(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude"})
	const key = "sk_live_51HqT2bKz8xYvQw3eRtY"
	r := call(t, sess, "add_memories", map[string]any{"memories": []string{"my API key for stripe is " + key, "hi there!", "thanks!"}})
	if r.isError || strings.Contains(r.text, key) || !strings.Contains(r.text, "redacted") {
		t.Errorf("add: isError %v text:\n%s", r.isError, r.text)
	}
	if !strings.Contains(r.text, "small talk") {
		t.Errorf("the answer does not say small talk was skipped:\n%s", r.text)
	}
	got := texts(call(t, sess, "search_memory", map[string]any{}))
	for _, m := range got { // the fact and its episode
		if strings.Contains(m, key) || !strings.Contains(m, "[REDACTED]") || strings.Contains(m, "hi there") || strings.Contains(m, "thanks") {
			t.Errorf("stored %q; want only the stripe memory, its key redacted", got)
		}
	}
}
