package hooks

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestQueries(t *testing.T) {
	tests := []struct {
		name   string
		prompt string
		want   []string
	}{
		{"a plain prompt is its own query", "Which ORM do we use for the orders module?",
			[]string{"Which ORM do we use for the orders module?"}},
		{"lines of one paragraph join", "rename the handler\nand update its tests",
			[]string{"rename the handler and update its tests"}},
		{"how the repository is named is left out", "how do I get the app onto staging?",
			[]string{"how do I get onto staging?"}},
		{
			name: "a Python traceback gives its error line, not its frames",
			prompt: "tests fail with this:\n\n```\nTraceback (most recent call last):\n" +
				"  File \"/app/db.py\", line 31, in connect\n    conn = engine.connect()\n" +
				"sqlalchemy.exc.OperationalError: connection to server at \"127.0.0.1\", port 5432 failed\n```\n\n" +
				"which database should the tests use?",
			want: []string{
				"tests fail with this: which database should the tests use? " +
					"sqlalchemy.exc.OperationalError: connection to server at \"127.0.0.1\", port 5432 failed",
				"which database should the tests use?",
			},
		},
		{
			name: "an unfenced Go panic and goroutine dump",
			prompt: "the worker dies on start\npanic: dial tcp 127.0.0.1:6379: connect: connection refused\n\n" +
				"goroutine 1 [running]:\nmain.main()\n\t/src/w/main.go:23 +0x45\nexit status 2",
			want: []string{"the worker dies on start panic: dial tcp 127.0.0.1:6379: connect: connection refused"},
		},
		{
			name:   "a TypeScript compiler error",
			prompt: "```\nsrc/pages/Billing.tsx(3,24): error TS2307: Cannot find module '@/hooks/useInvoices'.\n```\nwhy doesn't this resolve?",
			want:   []string{"why doesn't this resolve? src/pages/Billing.tsx(3,24): error TS2307: Cannot find module '@/hooks/useInvoices'."},
		},
		{
			name: "pasted code gives the modules it imports, not its body",
			prompt: "review this diff:\n```diff\n--- a/src/Toast.tsx\n+++ b/src/Toast.tsx\n@@ -1,3 +1,5 @@\n" +
				"+import { createStore } from 'redux'\n+import { x } from './local'\n+const store = createStore(r)\n```",
			want: []string{"review this diff: redux"},
		},
		{
			name:   "Go and Python imports by the name they go by",
			prompt: "tidy this up\n```go\nimport (\n\tlog \"github.com/sirupsen/logrus\"\n)\n```\n```python\nfrom sqlalchemy.orm import Session\nimport httpx\n```",
			want:   []string{"tidy this up logrus sqlalchemy.orm httpx"},
		},
		{
			name:   "pytest marks and rules frame no headline",
			prompt: "why?\n```\n    def test_total():\n>       assert total([]) == 0\nE       ValueError: empty cart\n===== 1 failed in 0.21s =====\n```",
			want:   []string{"why? ValueError: empty cart 1 failed in 0.21s"},
		},
		{"a sentence naming a file position is the user's", "the bug is in handlers.go:120, fix the nil check\nplease",
			[]string{"the bug is in handlers.go:120, fix the nil check please"}},
		{"a nested list item is the user's", "Conventions:\n    - use pnpm, never npm",
			[]string{"Conventions: - use pnpm, never npm"}},
		{"a slash command reads as words", "/review-pr check the auth changes",
			[]string{"review pr check the auth changes"}},
		{"a plugin's slash command", "/memsvc:deploy-site", []string{"deploy site"}},
		{"an @file mention is its path", "@src/components/UserTable.tsx load the users here",
			[]string{"src/components/UserTable.tsx load the users here"}},
		{"an e-mail address is no mention", "mail ops@example.com about it", []string{"mail ops@example.com about it"}},
		{"placeholders are dropped", "[Image #1] why is this chart empty?", []string{"why is this chart empty?"}},
		{
			name: "several paragraphs: the whole, then the last and the first",
			prompt: "I'm picking up LED-340 today.\n\nFinance wants a paid_at column on invoices for reconciling.\n\n" +
				"How should I write the migration for it?",
			want: []string{
				"I'm picking up LED-340 today. Finance wants a paid_at column on invoices for reconciling. " +
					"How should I write the migration for it?",
				"How should I write the migration for it?",
				"I'm picking up LED-340 today.",
			},
		},
		{"a short paragraph is not searched alone", "Fix the flaky retry test in the worker package.\n\nthanks!",
			[]string{"Fix the flaky retry test in the worker package. thanks!"}},
		{"code with no hint is its own query", "```\nx := 1\n```", []string{"``` x := 1 ```"}},
		{"nothing to search", "  \n ", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, queryTexts(tt.prompt, 0)); diff != "" {
				t.Errorf("queries (-want +got):\n%s", diff)
			}
		})
	}
}

// queryTexts returns the queries of prompt's searches that keep keep hits.
func queryTexts(prompt string, keep int) []string {
	var out []string
	for _, s := range queries(prompt) {
		if s.keep == keep {
			out = append(out, s.query)
		}
	}
	return out
}

// TestNarrowQueries: the clauses of the ask and a paste's hints are also
// searched alone, each contributing its best hit.
func TestNarrowQueries(t *testing.T) {
	tests := []struct {
		name, prompt string
		want         []string
	}{
		{"a purpose clause is split off", "start the api server so I can try the new endpoint in the browser",
			[]string{"start the api server", "I can try the new endpoint in the browser"}},
		{"a time clause is split off", "clean up the formatting of this before I push:",
			[]string{"clean up the formatting of this"}},
		{"a comma splits, a filler clause is not searched", "thanks, that works now", nil},
		{"a question of one word that says something is searched", "this lookup can fail, is it ok to just unwrap it?",
			[]string{"this lookup can fail", "is it ok to just unwrap it"}},
		{"sentences of the ask", "this retry loop is too naive. rewrite it the way we do retries here",
			[]string{"this retry loop is too naive", "rewrite it the way we do retries here"}},
		{"one clause: nothing more", "Which ORM do we use for the orders module?", nil},
		{"a bare @name is no file mention: its identifier is searched alone", "can I use @Observable for the settings screen?",
			[]string{"Observable"}},
		{"a call named in the question is searched alone", "is it fine to just call .unwrap() on the lookup result here?",
			[]string{"unwrap"}},
		{"the clauses of the last paragraph only",
			"I'm picking up LED-340 today, with Finance.\n\nHow should I write the migration for it?", nil},
		{"a paste's modules alone, then the ask's clauses",
			"review this diff before I commit:\n```diff\n+import { createStore } from 'redux'\n```",
			[]string{"redux", "review this diff"}},
		{"a code line naming an error type is no headline",
			"```go\nfunc (w *Worker) retry(job Job) error {\n\treturn nil\n}\n```\nmake this retry loop back off", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, queryTexts(tt.prompt, 1)); diff != "" {
				t.Errorf("narrow queries (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEveryQueryWithinBudget: no search of a huge prompt, narrow ones
// included, is longer than maxQueryChars (the server would refuse it).
func TestEveryQueryWithinBudget(t *testing.T) {
	sentence := strings.Repeat("the deploy checklist mentions staging and production hosts ", 400)
	prompts := []string{
		sentence,
		sentence + ", " + sentence,
		"short intro here.\n\n" + sentence + " so " + sentence,
		"```js\nimport x from '" + strings.Repeat("a", 10000) + "'\n```\nwhy?",
	}
	for i, p := range prompts {
		for _, q := range queries(p) {
			if n := utf8.RuneCountInString(q.query); n > maxQueryChars {
				t.Errorf("prompt %d: a query of %d characters (keep %d)", i, n, q.keep)
			}
		}
	}
}

func TestQueryBudget(t *testing.T) {
	long := strings.Repeat("the deploy checklist mentions staging ", 300)
	q := queryTexts(long, 0)
	if len(q) != 1 || utf8.RuneCountInString(q[0]) > maxQueryChars || strings.HasSuffix(q[0], " ") ||
		!strings.HasSuffix(q[0], "staging") && !strings.HasSuffix(q[0], "checklist") &&
			!strings.HasSuffix(q[0], "mentions") && !strings.HasSuffix(q[0], "deploy") && !strings.HasSuffix(q[0], "the") {
		t.Errorf("query of %d characters ends %q", utf8.RuneCountInString(q[0]), q[0][len(q[0])-20:])
	}
}

func TestCompactPastes(t *testing.T) {
	var dump strings.Builder
	for i := range 40 {
		dump.WriteString("goroutine " + strconv.Itoa(i+2) + " [select]:\n\t/src/pool.go:48 +0x2c5\n")
	}
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"prose is kept whole", "We use uv.\n\nNever pip install.", "We use uv.\n\nNever pip install."},
		{"a short paste is kept whole", "fails:\n```\nE  boom\n```\nfix it", "fails:\n```\nE  boom\n```\nfix it"},
		{
			name: "a long fenced paste keeps its start, its error and its closing fence",
			in: "it crashes:\n```\nline 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\n" +
				"ValueError: amount must be cents\nline 9\n```\nAmounts are integer cents here.",
			want: "it crashes:\n```\nline 1\nline 2\nline 3\nline 4\nline 5\n" +
				"ValueError: amount must be cents\n… (3 more lines)\n```\nAmounts are integer cents here.",
		},
		{
			name: "an unfenced dump before the user's words",
			in:   "panic: dial tcp: connection refused\n\n" + dump.String() + "\nRedis is on port 6380 locally.",
			want: "panic: dial tcp: connection refused\n\ngoroutine 2 [select]:\n\t/src/pool.go:48 +0x2c5\n" +
				"goroutine 3 [select]:\n\t/src/pool.go:48 +0x2c5\ngoroutine 4 [select]:\n\t/src/pool.go:48 +0x2c5\n… (75 more lines)\nRedis is on port 6380 locally.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, compactPastes(tt.in)); diff != "" {
				t.Errorf("compactPastes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMergeHits(t *testing.T) {
	yes, no := true, false
	hit := func(id string, score float64, relevant *bool) memory {
		return memory{ID: id, Text: id, Score: score, Relevant: relevant}
	}
	tests := []struct {
		name        string
		found, more []memory
		want        []string
	}{
		{"one query keeps the server's order", nil, []memory{hit("a", 0.2, nil), hit("b", 0.9, nil)}, []string{"a", "b"}},
		{"merged hits by score", []memory{hit("a", 0.5, nil)}, []memory{hit("b", 0.9, nil), hit("c", 0.1, nil)},
			[]string{"b", "a", "c"}},
		{"a memory found twice keeps its better hit", []memory{hit("a", 0.3, nil), hit("b", 0.5, nil)},
			[]memory{hit("a", 0.8, nil)}, []string{"a", "b"}},
		{"a relevant hit beats a higher-scored irrelevant one", []memory{hit("a", 0.9, &no)},
			[]memory{hit("a", 0.4, &yes)}, []string{"a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mergeHits(tt.found, tt.more)
			var ids []string
			for _, m := range got {
				ids = append(ids, m.ID)
			}
			if diff := cmp.Diff(tt.want, ids); diff != "" {
				t.Errorf("ids (-want +got):\n%s", diff)
			}
			if tt.name == "a relevant hit beats a higher-scored irrelevant one" && (got[0].Relevant == nil || !*got[0].Relevant) {
				t.Errorf("kept the irrelevant hit: %+v", got[0])
			}
		})
	}
}

func TestPromptSearchesWhatItIsAbout(t *testing.T) {
	fake, srv := newFakeMemsvcREST(t)
	cfg := testConfig(t, srv.URL)
	prompt := "The deploy failed again:\n\n```\nERROR deploy.sh:14: make: *** [deploy] Error 2\n    at step 3\n```\n\n" +
		"How do we deploy the website from the main branch?"
	ev, err := json.Marshal(map[string]any{"session_id": "s", "hook_event_name": "UserPromptSubmit", "prompt": prompt})
	if err != nil {
		t.Fatal(err)
	}
	stdout := runHook(t, "prompt", cfg, string(ev))
	var got []string
	for _, c := range fake.requests() {
		if c.Path == "/api/v1/memories/search" {
			q, _ := c.Body["query"].(string)
			got = append(got, q)
		}
	}
	want := []string{
		"The deploy failed again: How do we deploy the website from the main branch? ERROR deploy.sh:14: make: *** [deploy] Error 2",
		"How do we deploy the website from the main branch?",
	}
	// The searches run at once, in any order.
	slices.Sort(want)
	slices.Sort(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("search queries (-want +got):\n%s", diff)
	}
	if !strings.Contains(stdout, "make deploy") || strings.Count(stdout, "make deploy") != 1 {
		t.Errorf("want the deploy memory once, got %q", stdout)
	}
}

func TestIdentifiers(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		want   []string
	}{
		{"is it fine to just call .unwrap() on the lookup result here?", []string{"unwrap"}},
		{"can I use @Observable for the settings screen?", []string{"Observable"}},
		{"CELERY_BROKER_URL is empty (see retry_after) and ForecastClient too", []string{"CELERY_BROKER_URL", "retry_after"}},
		{"add a spec for Invoice#overdue?", []string{"Invoice#overdue"}},
		{"what does the cleanup function of useEffect do?", []string{"useEffect"}},
		{"run the tests on iOS, then ship it.", nil},
	} {
		if got := identifiers([]string{tc.prompt}); !slices.Equal(got, tc.want) {
			t.Errorf("identifiers(%q) = %q, want %q", tc.prompt, got, tc.want)
		}
	}
}

func TestIdentifierSearchKeepsHitsNamingIt(t *testing.T) {
	for _, tc := range []struct {
		id, text string
		want     bool
	}{
		{"unwrap", "Avoid unwrap() outside tests", true},
		{"CELERY_BROKER_URL", "celery_broker_url is amqp://… in every environment", true},
		{"std::unordered_map", "There was one throw left; std::vector<std::byte> readFile", false},
		{"std::unordered_map", "Prefer absl::flat_hash_map over unordered_map", true},
		{"ShaderCache::load", "ShaderCache reads SPIR-V from out/build", true},
		{"ShaderCache::load", "load the textures lazily", false},
		{"Invoice#overdue", "An invoice is overdue 30 days after issue", true},
		{"Invoice#overdue", "Invoices are numbered per year", false},
	} {
		s := search{query: tc.id, keep: 1, identifier: tc.id}
		if got := s.named(memory{Text: tc.text}); got != tc.want {
			t.Errorf("search %q keeps %q: %v, want %v", tc.id, tc.text, got, tc.want)
		}
	}
	if !(search{query: "anything"}).named(memory{Text: "x"}) {
		t.Error("a search with no names keeps every hit")
	}
}
