package hooks

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// fixture returns the contents of testdata/name.
func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// stopEvent is testdata/stop.json pointing at testdata/transcript (or at
// transcript itself when it is absolute).
func stopEvent(t *testing.T, transcript, lastMessage string, active bool) string {
	t.Helper()
	var ev map[string]any
	if err := json.Unmarshal([]byte(fixture(t, "stop.json")), &ev); err != nil {
		t.Fatal(err)
	}
	path := transcript
	if !filepath.IsAbs(path) {
		abs, err := filepath.Abs(filepath.Join("testdata", transcript))
		if err != nil {
			t.Fatal(err)
		}
		path = abs
	}
	ev["transcript_path"] = path
	ev["last_assistant_message"] = lastMessage
	ev["stop_hook_active"] = active
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// testConfig points at url and logs to a fresh file.
func testConfig(t *testing.T, url string) Config {
	t.Helper()
	return Config{URL: url, LogFile: filepath.Join(t.TempDir(), "hooks.log")}
}

// runHook runs one hook call and checks it exits 0, as every call must.
func runHook(t *testing.T, event string, cfg Config, stdin string) string {
	t.Helper()
	var out bytes.Buffer
	if code := Run(context.Background(), event, cfg, strings.NewReader(stdin), &out); code != 0 {
		t.Fatalf("Run(%q) = %d, want 0", event, code)
	}
	return out.String()
}

// readLog returns the log file's lines, decoded.
func readLog(t *testing.T, path string) []logLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []logLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var l logLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("log line %q: %v", sc.Text(), err)
		}
		lines = append(lines, l)
	}
	return lines
}

// onlyLog returns the single log line of a one-call test.
func onlyLog(t *testing.T, path string) logLine {
	t.Helper()
	lines := readLog(t, path)
	if len(lines) != 1 {
		t.Fatalf("log has %d lines, want 1: %+v", len(lines), lines)
	}
	return lines[0]
}

// decodeOutput parses what a hook printed for Claude Code.
func decodeOutput(t *testing.T, stdout string) hookSpecificOutput {
	t.Helper()
	var out hookOutput
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("stdout %q is not hook JSON output: %v", stdout, err)
	}
	return out.HookSpecificOutput
}

func TestPromptRecall(t *testing.T) {
	relevantPrompt := "Where does Alice live these days? I want to plan a surprise trip to Paris for her."
	tests := []struct {
		name         string
		stdin        string
		tweak        func(*Config)
		floor        float64 // the fake server's relevance floor
		wantSearches int
		wantLog      logLine // Time and DurationMS ignored
		wantContext  []string
		wantAbsent   []string
		wantBody     map[string]any
	}{
		{
			name:         "relevant prompt injects dated memories",
			stdin:        fixture(t, "prompt_relevant.json"),
			wantSearches: 3, // the prompt, then its two clauses
			wantLog:      logLine{Event: "prompt", Outcome: "injected", Hits: 2},
			wantContext: []string{
				recallHeader,
				"- 2025-03-14: Alice lives in Paris since March 2025",
				"- 2025-04-02: Alice prefers window seats on long flights",
			},
			wantAbsent: []string{"make deploy"},
			// The event's cwd makes the project "website": the unfiltered
			// search asks for more, to keep that project's and unscoped hits.
			wantBody: map[string]any{"query": relevantPrompt, "top_k": 20.0, "mode": "hybrid", "app_name": "claude"},
		},
		{
			name:    "five-character prompt makes no request",
			stdin:   fixture(t, "prompt_short.json"),
			wantLog: logLine{Event: "prompt", Outcome: "skipped", Reason: "short_prompt"},
		},
		{
			name:         "unrelated prompt prints nothing",
			stdin:        fixture(t, "prompt_unrelated.json"),
			wantSearches: 3, // the prompt, then its two clauses
			wantLog:      logLine{Event: "prompt", Outcome: "skipped", Reason: "no_hits"},
		},
		{
			name:         "min score drops weak hits",
			stdin:        fixture(t, "prompt_relevant.json"),
			tweak:        func(c *Config) { c.RecallMinScore = 0.3 },
			wantSearches: 3, // the prompt, then its two clauses
			wantLog:      logLine{Event: "prompt", Outcome: "injected", Hits: 1},
			wantContext:  []string{"Alice lives in Paris"},
			wantAbsent:   []string{"window seats"},
		},
		{
			name:         "hits below the server's relevance floor are not injected",
			stdin:        fixture(t, "prompt_relevant.json"),
			floor:        0.3,
			wantSearches: 3, // the prompt, then its two clauses
			wantLog:      logLine{Event: "prompt", Outcome: "injected", Hits: 1},
			wantContext:  []string{"Alice lives in Paris"},
			wantAbsent:   []string{"window seats"},
		},
		{
			name:         "nothing clears the server's relevance floor: nothing injected",
			stdin:        fixture(t, "prompt_relevant.json"),
			floor:        0.99,
			wantSearches: 3, // the prompt, then its two clauses
			wantLog:      logLine{Event: "prompt", Outcome: "skipped", Reason: "no_hits"},
		},
		{
			name:  "rerank, top k, client name and user id are sent",
			stdin: fixture(t, "prompt_relevant.json"),
			tweak: func(c *Config) {
				c.RecallRerank, c.RecallTopK, c.ClientName, c.UserID = true, 1, "cursor", "alice"
			},
			wantSearches: 3, // the prompt, then its two clauses
			wantLog:      logLine{Event: "prompt", Outcome: "injected", Hits: 1},
			wantContext:  []string{"Alice lives in Paris"},
			wantBody: map[string]any{"query": relevantPrompt, "top_k": 4.0, "mode": "hybrid",
				"rerank": "cross_encoder", "app_name": "cursor", "user_id": "alice"},
		},
		{
			name:         "projects off: one search of the top k",
			stdin:        fixture(t, "prompt_relevant.json"),
			tweak:        func(c *Config) { c.NoProject = true },
			wantSearches: 3, // the prompt, then its two clauses
			wantLog:      logLine{Event: "prompt", Outcome: "injected", Hits: 2},
			wantContext:  []string{"Alice lives in Paris"},
			wantBody:     map[string]any{"query": relevantPrompt, "top_k": 5.0, "mode": "hybrid", "app_name": "claude"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			fake.floor = tt.floor
			cfg := testConfig(t, srv.URL)
			if tt.tweak != nil {
				tt.tweak(&cfg)
			}
			stdout := runHook(t, "prompt", cfg, tt.stdin)

			calls := fake.searches()
			if len(calls) != tt.wantSearches {
				t.Fatalf("got %d requests, want %d: %+v", len(calls), tt.wantSearches, calls)
			}
			if tt.wantBody != nil {
				// The searches run at once: find the whole prompt's.
				i := slices.IndexFunc(calls, func(c fakeCall) bool { return c.Body["query"] == tt.wantBody["query"] })
				if i < 0 {
					t.Fatalf("no search for %q: %+v", tt.wantBody["query"], calls)
				}
				if diff := cmp.Diff(tt.wantBody, calls[i].Body); diff != "" {
					t.Errorf("search body (-want +got):\n%s", diff)
				}
			}
			checkLog(t, cfg.LogFile, tt.wantLog)
			if len(tt.wantContext) == 0 {
				if stdout != "" {
					t.Fatalf("stdout = %q, want nothing", stdout)
				}
				return
			}
			out := decodeOutput(t, stdout)
			if out.HookEventName != "UserPromptSubmit" {
				t.Errorf("hookEventName = %q", out.HookEventName)
			}
			checkMentions(t, out.AdditionalContext, tt.wantContext, tt.wantAbsent)
		})
	}
}

// checkMentions checks that text holds every string of want and none of not.
func checkMentions(t *testing.T, text string, want, not []string) {
	t.Helper()
	for _, s := range want {
		if !strings.Contains(text, s) {
			t.Errorf("context lacks %q:\n%s", s, text)
		}
	}
	for _, s := range not {
		if strings.Contains(text, s) {
			t.Errorf("context has %q:\n%s", s, text)
		}
	}
}

// checkLog compares the single log line, ignoring time and duration.
func checkLog(t *testing.T, path string, want logLine) {
	t.Helper()
	got := onlyLog(t, path)
	if _, err := time.Parse(time.RFC3339Nano, got.Time); err != nil {
		t.Errorf("log time %q: %v", got.Time, err)
	}
	got.Time, got.DurationMS = "", 0
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("log line (-want +got):\n%s", diff)
	}
}

func TestPromptSendsBearerKeyAndCutsQuery(t *testing.T) {
	fake, srv := newFakeMemsvcREST(t)
	fake.key = "sk-test-0123"
	cfg := testConfig(t, srv.URL+"/") // a trailing slash is tolerated
	cfg.APIKey = fake.key
	long := "Alice and Paris " + strings.Repeat("é", 5000)
	ev, err := json.Marshal(map[string]any{"session_id": "s", "hook_event_name": "UserPromptSubmit", "prompt": long})
	if err != nil {
		t.Fatal(err)
	}
	stdout := runHook(t, "prompt", cfg, string(ev))
	calls := fake.searches()
	if len(calls) != 1 {
		t.Fatalf("got %d requests, want 1", len(calls))
	}
	if got := calls[0].Auth; got != "Bearer sk-test-0123" {
		t.Errorf("Authorization = %q", got)
	}
	if calls[0].Path != "/api/v1/memories/search" {
		t.Errorf("path = %q", calls[0].Path)
	}
	q, _ := calls[0].Body["query"].(string)
	if n := len([]rune(q)); n != 4000 || !strings.HasPrefix(q, "Alice and Paris ") {
		t.Errorf("query has %d characters (want 4000) and starts %q", n, q[:20])
	}
	if stdout == "" {
		t.Error("no recall printed")
	}
}

func TestSessionStart(t *testing.T) {
	// The fixture's cwd makes the project "website"; procedural memories are
	// asked for first, then the recent ones, each with room to spare for the
	// memories of no project among others'.
	procedural := func(size string, more ...string) map[string][]string {
		q := map[string][]string{"memory_type": {"procedural"}, "size": {size}}
		for i := 0; i < len(more); i += 2 {
			q[more[i]] = []string{more[i+1]}
		}
		return q
	}
	newest := "- 2025-05-20: The website deploys with `make deploy` from the main branch"
	newestOnly := sessionNotice + "\n" + recentHeader + "\n" + newest
	allRecent := newestOnly + "\n- 2025-04-02: Alice prefers window seats on long flights" +
		"\n- 2025-03-14: Alice lives in Paris since March 2025"
	tests := []struct {
		name        string
		tweak       func(*Config, *fakeMemsvcREST)
		wantQueries []map[string][]string
		wantText    string
		wantHits    int
	}{
		{
			name:        "lists recent memories newest first",
			wantQueries: []map[string][]string{procedural("80"), {"size": {"80"}}},
			wantText:    allRecent,
			wantHits:    3,
		},
		{
			name:        "size and user id without a key",
			tweak:       func(c *Config, _ *fakeMemsvcREST) { c.RecentSize, c.UserID = 1, "alice" },
			wantQueries: []map[string][]string{procedural("80", "user_id", "alice"), {"size": {"8"}, "user_id": {"alice"}}},
			wantText:    newestOnly,
			wantHits:    1,
		},
		{
			name: "no user id in the query when a key decides the user",
			tweak: func(c *Config, f *fakeMemsvcREST) {
				f.key, c.APIKey, c.UserID, c.RecentSize = "k1", "k1", "alice", 1
			},
			wantQueries: []map[string][]string{procedural("80"), {"size": {"8"}}},
			wantText:    newestOnly,
			wantHits:    1,
		},
		{
			name:        "projects off: exact sizes",
			tweak:       func(c *Config, _ *fakeMemsvcREST) { c.NoProject = true },
			wantQueries: []map[string][]string{procedural("20"), {"size": {"20"}}},
			wantText:    allRecent,
			wantHits:    3,
		},
		{
			// The turn the newest memory was distilled from is not listed
			// beside it; a turn nothing was distilled from is.
			name: "a turn with facts is listed as its facts",
			tweak: func(c *Config, f *fakeMemsvcREST) {
				f.memories = append(f.memories,
					memory{ID: "e1", Text: "User: we deploy with make deploy, from main", State: "active",
						MemoryType: "episodic", Facts: []string{"m3"}, CreatedAt: "2025-05-20T11:00:00Z"},
					memory{ID: "e2", Text: "Assistant: I added a deploy target to the Makefile", State: "active",
						MemoryType: "episodic", CreatedAt: "2025-05-20T11:00:01Z"})
				c.RecentSize = 2
			},
			wantQueries: []map[string][]string{procedural("80"), {"size": {"16"}}},
			wantText:    sessionNotice + "\n" + recentHeader + "\n- 2025-05-20: Assistant: I added a deploy target to the Makefile\n" + newest,
			wantHits:    2,
		},
		{
			// The second newest memory is still being captured: it has no
			// text, and the next one takes its place.
			name:        "a memory being captured takes no place",
			tweak:       func(c *Config, _ *fakeMemsvcREST) { c.RecentSize = 2 },
			wantQueries: []map[string][]string{procedural("80"), {"size": {"16"}}},
			wantText:    newestOnly + "\n- 2025-04-02: Alice prefers window seats on long flights",
			wantHits:    2,
		},
		{
			name:        "empty store still gets the notice",
			tweak:       func(_ *Config, f *fakeMemsvcREST) { f.memories = nil },
			wantQueries: []map[string][]string{procedural("80"), {"size": {"80"}}},
			wantText:    sessionNotice + "\n" + noMemories,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			cfg := testConfig(t, srv.URL)
			if tt.tweak != nil {
				tt.tweak(&cfg, fake)
			}
			out := decodeOutput(t, runHook(t, "session-start", cfg, fixture(t, "session_start.json")))
			if out.HookEventName != "SessionStart" {
				t.Errorf("hookEventName = %q", out.HookEventName)
			}
			if diff := cmp.Diff(tt.wantText, out.AdditionalContext); diff != "" {
				t.Errorf("context (-want +got):\n%s", diff)
			}
			var queries []map[string][]string
			for _, c := range fake.requests() {
				if c.Method != "GET" || c.Path != "/api/v1/memories" {
					t.Errorf("request %s %s, want only GET /api/v1/memories", c.Method, c.Path)
				}
				queries = append(queries, c.Query)
			}
			if diff := cmp.Diff(tt.wantQueries, queries); diff != "" {
				t.Errorf("queries (-want +got):\n%s", diff)
			}
			checkLog(t, cfg.LogFile, logLine{Event: "session-start", Outcome: "injected", Hits: tt.wantHits})
		})
	}
}

// TestSessionStartBySource: after a compaction only the standing
// instructions are injected again (the recent memories were shown when the
// session started); a resumed or cleared session gets what a new one does.
func TestSessionStartBySource(t *testing.T) {
	rule := memory{ID: "p1", Text: "Always run make lint before committing", State: "active",
		MemoryType: memoryTypeProcedural, CreatedAt: "2025-06-01T10:00:00Z"}
	ruleLine := "- 2025-06-01: Always run make lint before committing"
	recent := "- 2025-05-20: The website deploys with `make deploy` from the main branch"
	tests := []struct {
		name, source string
		rules        []memory
		wantText     string // "" : nothing printed
		wantLists    int
		wantLog      logLine
	}{
		{"compact: instructions only", "compact", []memory{rule},
			sessionNotice + "\n" + instructionsHeader + "\n" + ruleLine, 1,
			logLine{Event: "session-start", Outcome: "injected", Hits: 1}},
		{"compact without instructions: nothing", "compact", nil, "", 1,
			logLine{Event: "session-start", Outcome: "skipped", Reason: "compact_no_instructions"}},
		{"resume: instructions and recent memories", "resume", []memory{rule},
			sessionNotice + "\n" + instructionsHeader + "\n" + ruleLine + "\n" + recentHeader + "\n" + recent, 2,
			logLine{Event: "session-start", Outcome: "injected", Hits: 4}},
		{"clear: instructions and recent memories", "clear", []memory{rule},
			sessionNotice + "\n" + instructionsHeader + "\n" + ruleLine + "\n" + recentHeader + "\n" + recent, 2,
			logLine{Event: "session-start", Outcome: "injected", Hits: 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			fake.memories = append(fake.memories, tt.rules...)
			cfg := testConfig(t, srv.URL)
			var ev map[string]any
			if err := json.Unmarshal([]byte(fixture(t, "session_start.json")), &ev); err != nil {
				t.Fatal(err)
			}
			ev["source"] = tt.source
			b, _ := json.Marshal(ev)
			stdout := runHook(t, "session-start", cfg, string(b))
			if tt.wantText == "" {
				if stdout != "" {
					t.Errorf("stdout = %q, want nothing", stdout)
				}
			} else if got := decodeOutput(t, stdout).AdditionalContext; !strings.HasPrefix(got, tt.wantText) {
				t.Errorf("context:\n%s\nwant it to start:\n%s", got, tt.wantText)
			}
			if n := len(fake.requests()); n != tt.wantLists {
				t.Errorf("%d list requests, want %d", n, tt.wantLists)
			}
			checkLog(t, cfg.LogFile, tt.wantLog)
		})
	}
}
