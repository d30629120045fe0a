package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Two forms, one contract: the same script of REST and MCP exchanges runs
// against a self-hosted server (Badger) and against two replicas of the
// hosted form on one PostgreSQL database, and the two transcripts must be
// equal once ids and timestamps, which must differ, are replaced by
// placeholders that keep their shape (an id is a ULID, a time is RFC 3339).
// The script alternates replicas, so in the hosted form every read after a
// write goes to the other replica than the write (read-your-writes across
// replicas); in the self-hosted form both "replicas" are the one server.
// PARITY_DUMP=dir writes each script's hosted transcript to dir, to read
// what is compared.

const paritySecret = "parity-secret-0123456789abcdef0123456789"

// form is one deployment under test.
type form struct {
	name    string
	bases   [2]string // the two replicas (Badger: one server twice)
	client  *http.Client
	dataDir string // where `keys create` mints keys for this form
	// storeArgs are the flags that point a command (keys revoke, import)
	// at this form's store.
	storeArgs []string
}

// startForms starts the self-hosted server and the two hosted replicas,
// all with auth on and the same signing secret.
func startForms(t *testing.T) (self, hosted *form) {
	t.Helper()
	return startFormsWith(t, map[string]string{"MEMSVC_AUTH_SECRET": paritySecret})
}

// startFormsWith starts both forms with the settings in env.
func startFormsWith(t *testing.T, env map[string]string) (self, hosted *form) {
	t.Helper()
	b := startServer(t, env)
	self = &form{name: "badger", bases: [2]string{b.base, b.base}, client: b.client, dataDir: b.dataDir,
		storeArgs: []string{"--data", b.dataDir}}
	penv := map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": pg.NewEmptyDatabase(t)}
	for k, v := range env {
		penv[k] = v
	}
	r0, r1 := startServer(t, penv), startServer(t, penv)
	hosted = &form{name: "postgres", bases: [2]string{r0.base, r1.base}, client: r0.client, dataDir: r0.dataDir,
		storeArgs: []string{"--store", "postgres", "--postgres-url", penv["MEMSVC_POSTGRES_URL"]}}
	return self, hosted
}

// parityLog records a form's normalized answers, one line per exchange.
type parityLog struct {
	t     *testing.T
	f     *form
	keys  map[string]string // user → key
	lines []string
	ids   map[string]string // real id → placeholder, by first appearance
}

func newTranscript(t *testing.T, f *form, users ...string) *parityLog {
	x := &parityLog{t: t, f: f, keys: map[string]string{}, ids: map[string]string{}}
	for _, u := range users {
		x.keys[u] = mintKey(t, paritySecret, f.dataDir, u)
	}
	return x
}

// rest sends r as user to replica on and records the normalized answer.
func (x *parityLog) rest(name, user string, on int, r req) resp {
	x.t.Helper()
	if user != "" {
		r.key, r.place = x.keys[user], keyBearer
	}
	res, err := sendJSON(x.f.client, x.f.bases[on], r)
	if err != nil {
		x.t.Fatalf("%s: %s %s: %v", x.f.name, r.method, r.path, err)
	}
	if res.status >= 500 {
		x.t.Errorf("%s: %s answered %d: %s", x.f.name, name, res.status, res.raw)
	}
	var v any
	if err := json.Unmarshal(res.raw, &v); err != nil {
		v = string(res.raw) // export's JSON Lines, compared as text
	}
	x.record(name, fmt.Sprintf("%d %s", res.status, x.normalize(v)))
	return res
}

// mcp calls tool as user over Streamable HTTP on replica on and records the
// normalized tool answer (text content, error flag).
func (x *parityLog) mcp(name, user string, on int, tool string, args map[string]any) string {
	x.t.Helper()
	hc := &http.Client{Timeout: 20 * time.Second, Transport: bearer{key: x.keys[user], next: http.DefaultTransport}}
	c := sdk.NewClient(&sdk.Implementation{Name: "parity", Version: "1"}, nil)
	sess, err := c.Connect(x.t.Context(), &sdk.StreamableClientTransport{Endpoint: x.f.bases[on] + "/mcp/parity",
		HTTPClient: hc, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		x.t.Fatalf("%s: mcp connect: %v", x.f.name, err)
	}
	defer sess.Close()
	res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		x.record(name, "protocol error "+x.normalize(err.Error()))
		return ""
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	var v any = text.String()
	var parsed any
	if json.Unmarshal([]byte(text.String()), &parsed) == nil {
		v = parsed
	}
	x.record(name, fmt.Sprintf("error=%v %s", res.IsError, x.normalize(v)))
	return text.String()
}

func (x *parityLog) record(name, line string) {
	x.lines = append(x.lines, name+": "+line)
}

var (
	ulidRE = regexp.MustCompile(`[0-9A-HJKMNP-TV-Z]{26}\b`)
	timeRE = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)
	jsonRE = regexp.MustCompile(`"(\w+)":`)
	// suggestionRE is a merge suggestion's id, a hash of its entities'
	// ids, which differ between forms as every id does.
	suggestionRE = regexp.MustCompile(`\bsg_[0-9a-f]{16}\b`)
)

// normalize renders v as canonical JSON with ids replaced by placeholders
// (the same id always gets the same one, so references between answers are
// compared too) and valid times by <time>; numbers keep six decimals.
func (x *parityLog) normalize(v any) string {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%q:%s", k, x.normalize(v[k]))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = x.normalize(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case string:
		return fmt.Sprintf("%q", x.normalizeString(v))
	case float64:
		return fmt.Sprintf("%.6f", v)
	default:
		b, _ := json.Marshal(v)
		return string(b)
	}
}

func (x *parityLog) normalizeString(s string) string {
	s = timeRE.ReplaceAllStringFunc(s, func(m string) string {
		if _, err := time.Parse(time.RFC3339Nano, m); err != nil {
			return "<bad time " + m + ">"
		}
		return "<time>"
	})
	s = suggestionRE.ReplaceAllStringFunc(s, x.placeholder)
	return ulidRE.ReplaceAllStringFunc(s, x.placeholder)
}

func (x *parityLog) placeholder(id string) string {
	p, ok := x.ids[id]
	if !ok {
		p = fmt.Sprintf("<id%d>", len(x.ids)+1)
		x.ids[id] = p
	}
	return p
}

// firstID returns the id of the first result of an add answer.
func firstID(t *testing.T, r resp) string {
	t.Helper()
	got := ids(r.body, "results")
	if len(got) == 0 {
		t.Fatalf("add answered no result: %d %s", r.status, r.raw)
	}
	return got[0]
}

// compareForms fails with a diff of the two transcripts.
func compareForms(t *testing.T, self, hosted *parityLog) {
	t.Helper()
	if diff := cmp.Diff(self.lines, hosted.lines); diff != "" {
		t.Errorf("the hosted form answers differently (-badger +postgres):\n%s", diff)
	}
}

// runBoth runs script on both forms and compares the transcripts.
func runBoth(t *testing.T, self, hosted *form, users []string, script func(x *parityLog)) {
	t.Helper()
	var xs [2]*parityLog
	for i, f := range []*form{self, hosted} {
		xs[i] = newTranscript(t, f, users...)
		script(xs[i])
	}
	compareForms(t, xs[0], xs[1])
	if d := os.Getenv("PARITY_DUMP"); d != "" {
		os.WriteFile(d+"/"+strings.ReplaceAll(t.Name(), "/", "_"), []byte(strings.Join(xs[1].lines, "\n")), 0o644)
	}
}

func verbatimBody(text string, extra map[string]any) map[string]any {
	body := map[string]any{"text": text, "infer": false}
	for k, v := range extra {
		body[k] = v
	}
	return body
}

func post(path string, body any) req      { return req{method: "POST", path: path, body: body} }
func get(path string) req                 { return req{method: "GET", path: path} }
func patch(path string, body any) req     { return req{method: "PATCH", path: path, body: body} }
func deleteReq(path string, body any) req { return req{method: "DELETE", path: path, body: body} }

// TestHostedParityWithoutAuth: with auth off the user id comes from the
// request, so odd user ids reach the store's keys (Postgres text columns
// refuse NUL bytes and invalid UTF-8; Badger keys are bytes).
func TestHostedParityWithoutAuth(t *testing.T) {
	self, hosted := startFormsWith(t, nil)
	runBoth(t, self, hosted, nil, func(x *parityLog) {
		for _, user := range []string{"a\x00b", "bad\xff\xfeutf8", strings.Repeat("u", 5000), "ünïcødé", "a b", "a'b\"c", "%00"} {
			q := url.QueryEscape(user)
			x.rest("add "+q, "", 0, post("/api/v1/memories", verbatimBody("odd user note", map[string]any{"user_id": user})))
			x.rest("add raw "+q, "", 1, req{method: "POST", path: "/api/v1/memories",
				raw: []byte(`{"text":"odd user raw","infer":false,"user_id":"` + user + `"}`)})
			x.rest("list "+q, "", 1, get("/api/v1/memories?user_id="+q))
			x.rest("search "+q, "", 0, post("/api/v1/memories/search", map[string]any{"query": "odd user", "user_id": user}))
		}
		x.rest("list default", "", 0, get("/api/v1/memories"))
	})
}

// TestHostedParity runs every part of the contract on both forms.
func TestHostedParity(t *testing.T) {
	self, hosted := startForms(t)
	t.Run("memories", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-mem"}, memoriesScript) })
	t.Run("supersede and dedupe", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-sup"}, supersedeScript) })
	t.Run("episodes entities skills", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-epi"}, episodesScript) })
	t.Run("mcp", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-mcp"}, mcpScript) })
	t.Run("images", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-img"}, imagesScript) })
	t.Run("ties", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-tie"}, tiesScript) })
	t.Run("bad input", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-bad", "p-other"}, badInputScript) })
	t.Run("export import erase", func(t *testing.T) {
		runBoth(t, self, hosted, []string{"p-exp", "p-imp"}, exportScript)
	})
}

// memoriesScript: add, get, list with filters, search in every mode with
// filters, patch, history, delete.
func memoriesScript(x *parityLog) {
	t, u := x.t, "p-mem"
	paris := firstID(t, x.rest("add paris", u, 0, post("/api/v1/memories",
		verbatimBody("I moved to Paris last spring", map[string]any{"app": "claude", "metadata": map[string]any{"source": "chat", "n": 3}}))))
	x.rest("add dog", u, 1, post("/api/v1/memories",
		verbatimBody("My dog is called Rex and loves the beach", map[string]any{"app": "cursor", "memory_type": "episodic"})))
	x.rest("add deploy", u, 0, post("/api/v1/memories",
		verbatimBody("Deploy the website with make release", map[string]any{"memory_type": "procedural"})))
	x.rest("add inferred", u, 1, post("/api/v1/memories", map[string]any{"text": "I love green tea and I work at Acme as a baker"}))
	x.rest("get paris on the other replica", u, 1, get("/api/v1/memories/"+paris))
	for _, q := range []string{"", "?app_id=claude", "?memory_type=episodic", "?categories=pet,location",
		"?search_query=paris", "?page=2&size=2", "?state=active", "?include_superseded=true"} {
		x.rest("list"+q, u, 0, get("/api/v1/memories"+q))
	}
	for _, mode := range []string{"hybrid", "text", "vector"} {
		x.rest("search "+mode, u, 1, post("/api/v1/memories/search", map[string]any{"query": "where did I move", "mode": mode}))
		x.rest("search "+mode+" filtered", u, 0, post("/api/v1/memories/search",
			map[string]any{"query": "dog beach", "mode": mode, "memory_type": "episodic", "top_k": 2}))
	}
	x.rest("search rerank", u, 1, post("/api/v1/memories/search", map[string]any{"query": "tea", "rerank": "cross_encoder"}))
	x.rest("search procedural", u, 0, post("/api/v1/memories/search", map[string]any{"query": "how do I deploy the website"}))
	x.rest("patch", u, 1, patch("/api/v1/memories/"+paris, map[string]any{"text": "I moved to Berlin last spring"}))
	x.rest("get patched", u, 0, get("/api/v1/memories/"+paris))
	x.rest("history", u, 1, get("/api/v1/memories/"+paris+"/history"))
	x.rest("search after patch", u, 0, post("/api/v1/memories/search", map[string]any{"query": "where did I move"}))
	x.rest("search superseded", u, 1, post("/api/v1/memories/search",
		map[string]any{"query": "where did I move", "include_superseded": true}))
	x.rest("delete", u, 0, deleteReq("/api/v1/memories", map[string]any{"memory_ids": []string{paris, "01J000000000000000000NOPE0"}}))
	x.rest("get deleted", u, 1, get("/api/v1/memories/"+paris))
	x.rest("history deleted", u, 1, get("/api/v1/memories/"+paris+"/history"))
	x.rest("list after delete", u, 1, get("/api/v1/memories?include_superseded=true"))
}

// supersedeScript: a chain of supersessions, written alternately through
// both replicas, and exact and near duplicates.
func supersedeScript(x *parityLog) {
	u := "p-sup"
	for i, city := range []string{"Lyon", "Paris", "Berlin", "Madrid"} {
		x.rest("live in "+city, u, i%2, post("/api/v1/memories", map[string]any{"text": "I live in " + city}))
	}
	x.rest("where", u, 0, post("/api/v1/memories/search", map[string]any{"query": "where do I live"}))
	x.rest("where with superseded", u, 1, post("/api/v1/memories/search",
		map[string]any{"query": "where do I live", "include_superseded": true}))
	x.rest("list chain", u, 0, get("/api/v1/memories?include_superseded=true"))
	for i := range 3 {
		x.rest(fmt.Sprintf("dup %d", i), u, i%2, post("/api/v1/memories", map[string]any{"text": "My sister Ana plays the cello"}))
	}
	x.rest("near dup", u, 1, post("/api/v1/memories", map[string]any{"text": "my sister Ana plays the cello."}))
	x.rest("verbatim dup", u, 0, post("/api/v1/memories", verbatimBody("My sister Ana plays the cello", nil)))
	x.rest("resolve", u, 1, post("/api/v1/memories", map[string]any{"text": "resolved: the cello"}))
	x.rest("list after dups", u, 0, get("/api/v1/memories?include_superseded=true"))
}

// episodesScript: a conversation with episodes and facts, entities,
// suggestions and a skill.
func episodesScript(x *parityLog) {
	u := "p-epi"
	r := x.rest("conversation", u, 0, post("/api/v1/memories/from-conversation", map[string]any{
		"session_id": "s-1", "project": "website",
		"messages": []map[string]any{
			{"role": "user", "content": "My colleague Bob Stone works at Initech in Lyon", "id": "m1"},
			{"role": "assistant", "content": "Noted."},
			{"role": "user", "content": "To deploy the website: run make build, then run make release, then check the status page", "id": "m2"},
		}}))
	for _, id := range ids(r.body, "results") {
		x.rest("get fact", u, 1, get("/api/v1/memories/"+id))
	}
	x.rest("list episodic", u, 1, get("/api/v1/memories?memory_type=episodic&include_superseded=true"))
	x.rest("list session", u, 0, get("/api/v1/memories?session_id=s-1&project=website"))
	x.rest("search session", u, 1, post("/api/v1/memories/search", map[string]any{"query": "Bob", "session_id": "s-1"}))
	s := x.rest("skill search", u, 0, post("/api/v1/memories/search", map[string]any{"query": "how do I deploy the website"}))
	if sk, ok := s.body["primary_skill"].(map[string]any); ok {
		x.rest("get skill", u, 1, get(fmt.Sprintf("/api/v1/skills/%v", sk["id"])))
	}
	x.rest("unknown skill", u, 1, get("/api/v1/skills/nope"))
	x.rest("suggestions", u, 0, get("/api/v1/entities/suggestions"))
	x.rest("reconcile idle", u, 1, get("/api/v1/entities/reconcile"))
}

// mcpScript: both tools, every kind of item, browse and ids.
func mcpScript(x *parityLog) {
	u := "p-mcp"
	x.mcp("add", u, 0, "add_memories", map[string]any{"memories": []string{"Carol is allergic to peanuts",
		"user: I started learning the piano", "forget that I like jazz"}, "tags": []string{"health"}, "session_id": "m-1"})
	x.mcp("search", u, 1, "search_memory", map[string]any{"query": "allergies"})
	x.mcp("browse", u, 0, "search_memory", map[string]any{})
	x.mcp("resolve", u, 1, "add_memories", map[string]any{"memories": []string{"resolved: the piano lessons"}})
	x.mcp("forget", u, 0, "add_memories", map[string]any{"memories": []string{"forget that Carol is allergic to peanuts"}})
	x.mcp("browse superseded", u, 1, "search_memory", map[string]any{"include_superseded": true})
	x.mcp("image data uri", u, 0, "add_memories", map[string]any{"memories": []string{"data:image/png;base64,AAAA"}})
	x.mcp("retired tool", u, 1, "add_conversation", map[string]any{})
	x.mcp("bad args", u, 0, "search_memory", map[string]any{"top_k": -3})
	x.mcp("bad ids", u, 1, "search_memory", map[string]any{"ids": []string{"nope"}})
}

// tiesScript: memories with equal timestamps and equal scores must come
// back in the same order in both forms.
func tiesScript(x *parityLog) {
	u := "p-tie"
	const at = "2025-03-01T10:00:00Z"
	for i, text := range []string{"zebra crossing alpha", "zebra crossing alpha", "zebra crossing beta", "zebra crossing gamma"} {
		x.rest("tie "+fmt.Sprint(i), u, i%2, post("/api/v1/memories", verbatimBody(text, map[string]any{"timestamp": at})))
	}
	x.rest("list ties", u, 0, get("/api/v1/memories"))
	for _, mode := range []string{"hybrid", "text", "vector"} {
		x.rest("search ties "+mode, u, 1, post("/api/v1/memories/search", map[string]any{"query": "zebra crossing", "mode": mode}))
	}
	x.mcp("browse ties", u, 0, "search_memory", map[string]any{})
}

// badInputScript: every refusal must carry the same status, code and
// message in both forms; key scopes too.
func badInputScript(x *parityLog) {
	u, other := "p-bad", "p-other"
	mine := firstID(x.t, x.rest("mine", u, 0, post("/api/v1/memories", verbatimBody("a private note about my keys", nil))))
	cases := []struct {
		name string
		r    req
	}{
		{"empty text", post("/api/v1/memories", map[string]any{"text": ""})},
		{"text not a string", post("/api/v1/memories", map[string]any{"text": 3})},
		{"unknown type", post("/api/v1/memories", map[string]any{"text": "x", "memory_type": "weird"})},
		{"bad timestamp", post("/api/v1/memories", map[string]any{"text": "x", "timestamp": "yesterday"})},
		{"bad json", req{method: "POST", path: "/api/v1/memories", raw: []byte("{")}},
		{"wrong content type", req{method: "POST", path: "/api/v1/memories", raw: []byte("{}"), contentType: "text/plain"}},
		{"top_k too big", post("/api/v1/memories/search", map[string]any{"query": "x", "top_k": 1000})},
		{"bad mode", post("/api/v1/memories/search", map[string]any{"query": "x", "mode": "psychic"})},
		{"unknown list param", get("/api/v1/memories?colour=red")},
		{"bad page", get("/api/v1/memories?page=0")},
		{"unknown id", get("/api/v1/memories/01J000000000000000000NOPE0")},
		{"odd id", get("/api/v1/memories/%00%ff")},
		{"patch empty", patch("/api/v1/memories/"+mine, map[string]any{"text": ""})},
		{"delete nothing", deleteReq("/api/v1/memories", map[string]any{})},
		{"other user's query", get("/api/v1/memories?user_id=" + other)},
		{"erase without confirm", deleteReq("/api/v1/users/me", map[string]any{})},
		{"nul in text", post("/api/v1/memories", verbatimBody("nul \x00 byte", nil))},
		{"nul in metadata", post("/api/v1/memories", verbatimBody("metadata nul", map[string]any{"metadata": map[string]any{"k\x00": "v\x00"}}))},
		{"nul in app", post("/api/v1/memories", verbatimBody("app nul", map[string]any{"app": "a\x00b"}))},
		{"invalid utf8", req{method: "POST", path: "/api/v1/memories", raw: []byte("{\"text\":\"bad \xff\xfe utf8\",\"infer\":false}")}},
		{"invalid utf8 search", req{method: "POST", path: "/api/v1/memories/search", raw: []byte("{\"query\":\"\xff\xfe\"}")}},
		{"long text", post("/api/v1/memories", verbatimBody(strings.Repeat("word ", 200_000), nil))},
		{"many metadata keys", post("/api/v1/memories", verbatimBody("metadata galore", map[string]any{"metadata": manyKeys(5000)}))},
	}
	for i, c := range cases {
		x.rest(c.name, u, i%2, c.r)
	}
	x.rest("the other user cannot read mine", other, 1, get("/api/v1/memories/"+mine))
	x.rest("nor delete it", other, 0, deleteReq("/api/v1/memories", map[string]any{"memory_ids": []string{mine}}))
	x.rest("body user_id is rescoped", other, 1, post("/api/v1/memories/search", map[string]any{"query": "private note", "user_id": u}))
	x.rest("no key", "", 0, get("/api/v1/memories"))
	x.rest("bad key", "", 1, req{method: "GET", path: "/api/v1/memories", key: "mk_not_a_key", place: keyBearer})
	x.rest("list after bad input", u, 0, get("/api/v1/memories"))
}

func manyKeys(n int) map[string]any {
	m := make(map[string]any, n)
	for i := range n {
		m[fmt.Sprintf("key%05d", i)] = i
	}
	return m
}

// exportScript: export from one replica, import into another user through
// the other, erase.
func exportScript(x *parityLog) {
	u := "p-exp"
	x.rest("add", u, 0, post("/api/v1/memories", map[string]any{"text": "I keep bees on my balcony"}))
	x.rest("add 2", u, 1, post("/api/v1/memories", verbatimBody("The hive has two boxes", map[string]any{"metadata": map[string]any{"k": "v"}})))
	x.rest("export", u, 1, get("/api/v1/export"))
	x.rest("erase wrong confirm", u, 0, deleteReq("/api/v1/users/me", map[string]any{"confirm": "someone"}))
	x.rest("erase", u, 0, deleteReq("/api/v1/users/me", map[string]any{"confirm": u}))
	x.rest("list after erase", u, 1, get("/api/v1/memories?include_superseded=true"))
	x.rest("search after erase", u, 1, post("/api/v1/memories/search", map[string]any{"query": "bees"}))
	x.rest("export after erase", u, 0, get("/api/v1/export"))
}

// imagesScript: an image sent over MCP on one replica is captured (the job
// may run on either replica) and read back on the other.
func imagesScript(x *parityLog) {
	u := "p-img"
	pic := "data:image/png;base64," + base64.StdEncoding.EncodeToString(pngBytes(x.t))
	x.mcp("add image", u, 0, "add_memories", map[string]any{"memories": []string{pic}})
	waitNoPending(x, u)
	x.rest("list images", u, 1, get("/api/v1/memories"))
	x.mcp("same image again", u, 1, "add_memories", map[string]any{"memories": []string{pic}})
	waitNoPending(x, u)
	x.rest("list after the same image", u, 0, get("/api/v1/memories?include_superseded=true"))
}

// waitNoPending waits until no memory of user is still being captured.
func waitNoPending(x *parityLog, user string) {
	x.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		for on := range 2 {
			r, err := sendJSON(x.f.client, x.f.bases[on], req{method: "GET", path: "/api/v1/memories?state=pending",
				key: x.keys[user], place: keyBearer})
			if err != nil || r.status != http.StatusOK {
				x.t.Fatalf("%s: list pending: %v %d %s", x.f.name, err, r.status, r.raw)
			}
			if len(ids(r.body, "items")) == 0 && on == 1 {
				return
			}
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("%s: an image is still pending after 20s", x.f.name)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// atOnce runs each function in its own goroutine, released together.
func atOnce(fns ...func()) {
	start := make(chan struct{})
	var wg sync.WaitGroup
	for _, fn := range fns {
		wg.Go(func() {
			<-start
			fn()
		})
	}
	close(start)
	wg.Wait()
}

// send is a request as user on replica on that must not fail in transport.
func (f *form) send(t *testing.T, key string, on int, r req) resp {
	t.Helper()
	r.key, r.place = key, keyBearer
	res, err := sendJSON(f.client, f.bases[on], r)
	if err != nil {
		t.Errorf("%s: %s %s: %v", f.name, r.method, r.path, err)
	}
	return res
}

// activeWith lists user's active memories whose text contains sub.
func (f *form) activeWith(t *testing.T, key string, on int, sub string) []map[string]any {
	t.Helper()
	r := f.send(t, key, on, get("/api/v1/memories?size=100"))
	if r.status != http.StatusOK {
		t.Fatalf("%s: list: %d %s", f.name, r.status, r.raw)
	}
	var out []map[string]any
	items, _ := r.body["items"].([]any)
	for _, it := range items {
		m, _ := it.(map[string]any)
		if text, _ := m["text"].(string); strings.Contains(text, sub) && m["state"] == "active" {
			out = append(out, m)
		}
	}
	return out
}

// TestHostedConcurrency: the same races on both forms, with the same
// outcome. Two writers supersede one fact at once, through both replicas:
// exactly one current fact after each round. Two writers add the same
// content at once: it is stored once.
func TestHostedConcurrency(t *testing.T) {
	self, hosted := startForms(t)
	for _, f := range []*form{self, hosted} {
		t.Run(f.name, func(t *testing.T) {
			key := mintKey(t, paritySecret, f.dataDir, "p-race")
			cities := [][2]string{{"Lyon", "Oslo"}, {"Paris", "Rome"}, {"Berlin", "Porto"}, {"Madrid", "Vienna"}, {"Dublin", "Prague"}}
			for _, pair := range cities {
				atOnce(func() {
					r := f.send(t, key, 0, post("/api/v1/memories", map[string]any{"text": "I live in " + pair[0]}))
					if r.status != http.StatusOK {
						t.Errorf("%s: live in %s: %d %s", f.name, pair[0], r.status, r.raw)
					}
				}, func() {
					r := f.send(t, key, 1, post("/api/v1/memories", map[string]any{"text": "I live in " + pair[1]}))
					if r.status != http.StatusOK {
						t.Errorf("%s: live in %s: %d %s", f.name, pair[1], r.status, r.raw)
					}
				})
				for on := range 2 {
					if cur := f.activeWith(t, key, on, "lives in"); len(cur) != 1 {
						t.Errorf("%s: after %v, replica %d has %d current facts of where the user lives: %v", f.name, pair, on, len(cur), cur)
					}
				}
			}
			for i, text := range []string{"My sister Ana plays the cello", "Our cat Miso hates the vacuum", "I drink oat milk"} {
				var rs [2]resp
				atOnce(func() {
					rs[0] = f.send(t, key, 0, post("/api/v1/memories", verbatimBody(text, map[string]any{"infer": true})))
				}, func() {
					rs[1] = f.send(t, key, 1, post("/api/v1/memories", verbatimBody(text, map[string]any{"infer": true})))
				})
				for j, r := range rs {
					if r.status != http.StatusOK {
						t.Errorf("%s: dup %d from replica %d: %d %s", f.name, i, j, r.status, r.raw)
					}
				}
				facts := f.activeWith(t, key, i%2, strings.Fields(text)[1])
				var nonEpisode int
				for _, m := range facts {
					if src, _ := m["source"].(map[string]any); src["kind"] != "episode" {
						nonEpisode++
					}
				}
				if nonEpisode != 1 {
					t.Errorf("%s: %q added at once through both replicas left %d current facts: %v", f.name, text, nonEpisode, facts)
				}
			}
		})
	}
}

// hostedEnv is the configuration of a hosted replica without auth on url.
func hostedEnv(url string) map[string]string {
	return map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": url}
}

// wantAnswerOrUnavailable accepts a 200, or a clear 503: code unavailable
// and Retry-After. Anything else (a 500, a hang) fails.
func wantAnswerOrUnavailable(t *testing.T, what string, r resp, err error, h http.Header) {
	t.Helper()
	switch {
	case err != nil:
		t.Errorf("%s: %v (a hang or a dropped connection, not an answer)", what, err)
	case r.status == http.StatusOK:
	case r.status == http.StatusServiceUnavailable && r.body["code"] == "unavailable":
		if h.Get("Retry-After") == "" {
			t.Errorf("%s: 503 without Retry-After: %s", what, r.raw)
		}
	default:
		t.Errorf("%s: %d %s, want 200 or a 503 unavailable", what, r.status, r.raw)
	}
}

// sendWithHeaders is sendJSON that also returns the answer's headers.
func sendWithHeaders(client *http.Client, base string, r req) (resp, http.Header, error) {
	var h http.Header
	c := *client
	next := c.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	c.Transport = roundTripFunc(func(hr *http.Request) (*http.Response, error) {
		res, err := next.RoundTrip(hr)
		if res != nil {
			h = res.Header
		}
		return res, err
	})
	out, err := sendJSON(&c, base, r)
	return out, h, err
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestHostedDatabaseDown: PostgreSQL stops under a running replica.
// Requests fail at once with a clear 503, never a 500 or a hang, and the
// replica recovers by itself once the database is back, with its data.
func TestHostedDatabaseDown(t *testing.T) {
	s := startServer(t, hostedEnv(pg.NewEmptyDatabase(t)))
	id := s.addVerbatim(t, anon, "Alice keeps bees on her balcony", nil)
	cluster := pg.Get(t)
	cluster.Down(t)
	up := false
	defer func() {
		if !up {
			cluster.Up(t)
		}
	}()
	client := &http.Client{Timeout: 20 * time.Second}
	for _, r := range []req{post("/api/v1/memories", verbatimBody("written while the database is down", nil)),
		post("/api/v1/memories/search", map[string]any{"query": "bees"}), get("/api/v1/memories/" + id), get("/api/v1/memories")} {
		start := time.Now()
		res, h, err := sendWithHeaders(client, s.base, r)
		if err == nil && res.status == http.StatusOK {
			continue // served from what the replica already holds
		}
		wantAnswerOrUnavailable(t, r.method+" "+r.path+" with the database down", res, err, h)
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s %s took %s with the database down", r.method, r.path, d)
		}
	}
	cluster.Up(t)
	up = true
	deadline := time.Now().Add(15 * time.Second)
	for {
		g, err := sendJSON(client, s.base, get("/api/v1/memories/"+id))
		if err == nil && g.status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica did not recover within 15s of the database's return: %v %d %s", err, g.status, g.raw)
		}
		time.Sleep(200 * time.Millisecond)
	}
	s.addVerbatim(t, anon, "written after the database came back", nil)
	r := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": "bees"})
	if got := ids(r.body, "results"); len(got) == 0 || got[0] != id {
		t.Errorf("search after recovery = %v, want %s first", got, id)
	}
}

// holdUserLock locks user's version row from outside memsvc, as a stuck
// writer on another replica would, until release is called. Every write of
// user then waits on it, holding a pooled connection.
func holdUserLock(t *testing.T, dbURL, user string) (release func()) {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := conn.Begin(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(t.Context(), "SELECT 1 FROM user_versions WHERE user_id = $1 FOR UPDATE", user); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			tx.Rollback(context.Background())
			conn.Close(context.Background())
		})
	}
	t.Cleanup(release)
	return release
}

// TestHostedStuckWriter: one user's writes are stuck behind a lock another
// replica holds (or not, in "burst") while 100 requests arrive at once.
// With a one-connection pool the stuck write holds the pool; with a
// statement or lock timeout the stuck writes are cut off. Either way each
// request answers within a bound, 200 or a clear 503 with Retry-After,
// never a 500 or a hang, and writes recover once the lock goes.
func TestHostedStuckWriter(t *testing.T) {
	for _, tt := range []struct {
		name, params string
		stuck        int // requests of the stuck user, of 100
	}{
		{"burst on a small pool", "&pool_max_conns=2", 0},
		{"pool exhausted", "&pool_max_conns=1&lock_timeout=8000", 1},
		{"statement timeout", "&statement_timeout=1500", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dbURL := pg.NewDatabase(t)
			s := startServer(t, hostedEnv(dbURL+tt.params))
			s.addVerbatim(t, anon, "the stuck user's first note", map[string]any{"user_id": "stuck"})
			for i := range 5 {
				s.addVerbatim(t, anon, "a free user's note", map[string]any{"user_id": fmt.Sprintf("free-%d", i)})
			}
			release := func() {}
			if tt.stuck > 0 {
				release = holdUserLock(t, dbURL, "stuck")
			}
			client := &http.Client{Timeout: 40 * time.Second}
			var (
				wg   sync.WaitGroup
				busy atomic.Int64
			)
			for i := range 100 {
				wg.Go(func() {
					user := fmt.Sprintf("free-%d", i%5)
					r := post("/api/v1/memories/search", map[string]any{"query": "note", "user_id": user})
					switch {
					case i < tt.stuck:
						r = post("/api/v1/memories", verbatimBody(fmt.Sprintf("stuck write %d", i), map[string]any{"user_id": "stuck"}))
					case i%2 == 0:
						r = post("/api/v1/memories", verbatimBody(fmt.Sprintf("free write %d", i), map[string]any{"user_id": user}))
					}
					start := time.Now()
					res, h, err := sendWithHeaders(client, s.base, r)
					wantAnswerOrUnavailable(t, fmt.Sprintf("request %d", i), res, err, h)
					if detail, _ := res.body["detail"].(string); strings.Contains(detail, "busy") {
						busy.Add(1)
					}
					if d := time.Since(start); d > 20*time.Second {
						t.Errorf("request %d took %s", i, d)
					}
				})
			}
			wg.Wait()
			// With the one connection held past the wait bound, the
			// others must have been refused as busy rather than queued.
			if strings.Contains(tt.params, "pool_max_conns=1") && busy.Load() == 0 {
				t.Errorf("no request was refused as busy while the only connection was held for 8s")
			}
			release()
			deadline := time.Now().Add(15 * time.Second)
			for {
				r, err := sendJSON(client, s.base, post("/api/v1/memories", verbatimBody("after the lock", map[string]any{"user_id": "stuck"})))
				if err == nil && r.status == http.StatusOK {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("writes did not recover after the lock went: %v %d %s", err, r.status, r.raw)
				}
				time.Sleep(200 * time.Millisecond)
			}
		})
	}
}

// TestHostedReplicaKilledMidSupersede: writers supersede one fact through
// two replica processes; one is SIGKILLed with writes in flight. After it,
// the survivor and a replica started afterwards (a cold load from the
// database) agree: exactly one current fact, and every acknowledged write
// is there, current or superseded, never half-written.
func TestHostedReplicaKilledMidSupersede(t *testing.T) {
	env := pgEnv(t)
	r := startReplicas(t, 2, env)
	client := &http.Client{Timeout: 20 * time.Second}
	var (
		mu     sync.Mutex
		acked  = map[string]bool{}
		n      atomic.Int64
		killed = make(chan struct{})
		once   sync.Once
		wg     sync.WaitGroup
	)
	for w := range 4 {
		wg.Go(func() {
			for i := 0; i < 10; i++ { // 40 writes, 80 memories with their episodes: one page
				on := r[(w+i)%2]
				res, err := sendJSON(client, on.base, post("/api/v1/memories",
					map[string]any{"text": fmt.Sprintf("I live in %s", uniqueWord(w*100+i)), "user_id": "chain"}))
				if err != nil {
					continue // the killed replica
				}
				if res.status != http.StatusOK {
					t.Errorf("write %d/%d: %d %s", w, i, res.status, res.raw)
					continue
				}
				mu.Lock()
				for _, id := range ids(res.body, "results") {
					acked[id] = true
				}
				mu.Unlock()
				if n.Add(1) == 10 {
					once.Do(func() { r[0].kill(); close(killed) })
				}
			}
		})
	}
	wg.Wait()
	select {
	case <-killed:
	default:
		t.Fatal("the writers finished before the replica was killed")
	}
	late := startReplica(t, env)
	for _, base := range []string{r[1].base, late.base} {
		l, err := sendJSON(client, base, get("/api/v1/memories?user_id=chain&size=100&include_superseded=true"))
		if err != nil || l.status != http.StatusOK {
			t.Fatalf("list on %s: %v %s", base, err, l.raw)
		}
		var current []string
		seen := map[string]bool{}
		items, _ := l.body["items"].([]any)
		for _, it := range items {
			m, _ := it.(map[string]any)
			id, _ := m["id"].(string)
			seen[id] = true
			text, _ := m["text"].(string)
			if strings.Contains(text, "lives in") && m["state"] == "active" {
				current = append(current, text)
			}
			if m["state"] == "superseded" && m["superseded_by"] == nil {
				t.Errorf("%s: superseded %s names no successor", base, id)
			}
		}
		if len(current) != 1 {
			t.Errorf("%s: %d current facts of where the user lives, want 1: %v", base, len(current), current)
		}
		for id := range acked {
			if !seen[id] {
				t.Errorf("%s: acknowledged %s is missing", base, id)
			}
		}
	}
}
