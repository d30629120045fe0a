package hooks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFollowUp(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  bool
	}{
		{"same for credit_notes", true},
		{"build it", true},
		{"what about staging?", true},
		{"now do the same for the UPS client and the GLS one and the PostNL webhook", true},
		{"thanks", false},
		{"ok", false},
		{"the snapshot test for the wave card fails on my iPhone 15 Pro simulator", false},
		{"now make sure old clients won't break", true},
		{"ok, then wire the new flag into the import command", true},
		{"add a test for a file with CRLF header lines too", true},
		{"the importer drops rows it cannot parse as well as empty ones", false},
		{"nowhere in the docs does it say how the cache is warmed", false},
	} {
		if got := followUp(tc.query); got != tc.want {
			t.Errorf("followUp(%q) = %v, want %v", tc.query, got, tc.want)
		}
	}
}

// TestChangesTopic: a prompt that says it leaves the work of the turn
// before ("now something unrelated: …", "different question - …") is no
// follow-up, whatever its lead; one that goes on with it is.
func TestChangesTopic(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		want   bool
	}{
		{"now something unrelated: which queue library handles retries best?", true},
		{"now, different question - how do people usually version their REST APIs?", true},
		{"ok now a totally different topic. what's a good name for a cat?", true},
		{"now on to something else: how do we rotate the signing keys?", true},
		{"now switching gears, how does the billing export work?", true},
		{"unrelated, but is there a way to speed up docker builds?", true},
		{"quick unrelated question: what does idempotent mean?", true},
		{"now moving on to the reports page", true},
		{"now make sure old clients won't break", false},
		{"now run the tests for it", false},
		{"now do the same for the other table", false},
		{"then wire it into the CLI", false},
		{"now the unrelated rows are dropped too, fix that", false},
	} {
		if got := changesTopic(tc.prompt); got != tc.want {
			t.Errorf("changesTopic(%q) = %v, want %v", tc.prompt, got, tc.want)
		}
	}
}

// TestTopicChangeIsSearchedAlone: a prompt that leaves the turn before is
// not searched with it, however it opens; the next step of the same work
// is.
func TestTopicChangeIsSearchedAlone(t *testing.T) {
	path := writeLines(t, userEntry("rename the ledger columns to snake_case"), replyEntry("Renamed 14 columns in ledger.sql."))
	for prompt, want := range map[string]bool{
		"now something unrelated: which message broker suits a small team?": false,
		"now, different question - how should we name feature branches?":    false,
		"now regenerate the schema docs for it":                             true,
	} {
		if _, ok := followUpSearch(t.Context(), path, prompt, prompt); ok != want {
			t.Errorf("followUpSearch(%q) = %v, want %v", prompt, ok, want)
		}
	}
}

// writeLines writes transcript entries, one JSON object a line.
func writeLines(t *testing.T, entries ...map[string]any) string {
	t.Helper()
	var b strings.Builder
	for _, e := range entries {
		line, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(line, '\n'))
	}
	p := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func userEntry(text string) map[string]any {
	return map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text}}
}

func replyEntry(text string) map[string]any {
	return map[string]any{"type": "assistant", "message": map[string]any{"role": "assistant",
		"content": []map[string]any{{"type": "text", "text": text}}}}
}

func TestPreviousTurnPrompt(t *testing.T) {
	ctx := t.Context()
	path := writeLines(t,
		userEntry("add a refund_total column to the orders table"),
		replyEntry("Added refund_total_cents."),
		map[string]any{"type": "user", "message": map[string]any{"role": "user",
			"content": []map[string]any{{"type": "tool_result", "content": "ok"}}}},
		map[string]any{"type": "user", "isMeta": true, "message": map[string]any{"role": "user", "content": "Caveat: …"}},
		map[string]any{"type": "user", "isSidechain": true, "message": map[string]any{"role": "user", "content": "subagent task"}})
	if got := previousTurn(ctx, path, "same for credit_notes").prompt; got != "add a refund_total column to the orders table" {
		t.Errorf("previous prompt = %q", got)
	}
	// Claude Code may have written the prompt being submitted already.
	written := writeLines(t, userEntry("first ask"), replyEntry("done"), userEntry("same for credit_notes"))
	if got := previousTurn(ctx, written, "same for credit_notes").prompt; got != "first ask" {
		t.Errorf("previous prompt with the current one written = %q, want %q", got, "first ask")
	}
	for _, p := range []string{"", filepath.Join(t.TempDir(), "missing.jsonl")} {
		if got := previousTurn(ctx, p, "x"); got != (prevTurn{}) {
			t.Errorf("previousTurn(%q) = %+v, want none", p, got)
		}
	}
	// Only the transcript's end is read: a prompt before a long tool output is
	// out of reach, one after it is found.
	long := map[string]any{"type": "user", "message": map[string]any{"role": "user",
		"content": []map[string]any{{"type": "tool_result", "content": strings.Repeat("x", followUpTail)}}}}
	if got := previousTurn(ctx, writeLines(t, userEntry("early ask"), long), "y").prompt; got != "" {
		t.Errorf("a prompt before the tail = %q, want none", got)
	}
	if got := previousTurn(ctx, writeLines(t, userEntry("early ask"), long, userEntry("late ask")), "y").prompt; got != "late ask" {
		t.Errorf("a prompt in the tail = %q, want %q", got, "late ask")
	}
}

// TestPreviousTurnReply: the previous turn keeps the agent's last text
// after its prompt, not a reply to an earlier prompt, nor a subagent's; a
// compaction summary stands for the prompt until a prompt follows it.
func TestPreviousTurnReply(t *testing.T) {
	ctx := t.Context()
	summary := "This session is being continued from a previous conversation that ran out of context. " +
		"Summary: 1. Primary Request: cache the thumbnails on disk. 3. Files: ThumbCache.kt"
	sidechain := replyEntry("subagent notes")
	sidechain["isSidechain"] = true
	for _, tc := range []struct {
		name    string
		entries []map[string]any
		want    prevTurn
	}{
		{"the last text of the turn", []map[string]any{userEntry("add a cache"), replyEntry("Checking."),
			replyEntry("Added ThumbCache in cache/ThumbCache.kt."), sidechain},
			prevTurn{"add a cache", "Added ThumbCache in cache/ThumbCache.kt."}},
		{"no reply yet", []map[string]any{userEntry("first"), replyEntry("one"), userEntry("second")},
			prevTurn{prompt: "second"}},
		{"a compaction summary stands for the prompt", []map[string]any{userEntry("old ask"), replyEntry("old reply"),
			userEntry(summary), replyEntry("Continuing with the cache.")},
			prevTurn{"Summary: 1. Primary Request: cache the thumbnails on disk. 3. Files: ThumbCache.kt", "Continuing with the cache."}},
		{"flagged summary", []map[string]any{{"type": "user", "isCompactSummary": true,
			"message": map[string]any{"role": "user", "content": []map[string]any{{"type": "text", "text": "Summary: the cache."}}}}},
			prevTurn{prompt: "Summary: the cache."}},
		{"a prompt after the summary replaces it", []map[string]any{userEntry(summary), replyEntry("ok"),
			userEntry("now the eviction"), replyEntry("Evicting after 7 days.")},
			prevTurn{"now the eviction", "Evicting after 7 days."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := previousTurn(ctx, writeLines(t, tc.entries...), "same for avatars"); got != tc.want {
				t.Errorf("previousTurn = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestPromptFollowUp: a follow-up prompt is searched with the session's
// previous prompt; alone it finds nothing.
func TestPromptFollowUp(t *testing.T) {
	transcript := writeLines(t, userEntry("How do we deploy the website?"), replyEntry("With make deploy."))
	for _, tc := range []struct {
		name, prompt, transcript string
		want                     string
	}{
		{"a follow-up joins the previous prompt", "same for the docs site", transcript, "make deploy"},
		{"a prompt under the minimum length too", "ship it", transcript, "make deploy"},
		{"no transcript: searched alone", "same for the docs site", "", ""},
		{"thanks is no follow-up", "thanks!", transcript, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, srv := newFakeMemsvcREST(t)
			ev := map[string]any{"session_id": sessionID, "cwd": "/home/dev/website", "prompt": tc.prompt,
				"transcript_path": tc.transcript, "hook_event_name": "UserPromptSubmit"}
			b, err := json.Marshal(ev)
			if err != nil {
				t.Fatal(err)
			}
			out := runHook(t, "prompt", testConfig(t, srv.URL), string(b))
			if tc.want == "" {
				if out != "" {
					t.Errorf("want nothing injected, got %q", out)
				}
				return
			}
			if got := decodeOutput(t, out).AdditionalContext; !strings.Contains(got, tc.want) {
				t.Errorf("context %q lacks %q", got, tc.want)
			}
		})
	}
}

// longSummary is a compaction summary of several kilobytes: an analysis
// and sections of what was done, then the work left.
func longSummary(done, left string) string {
	var b strings.Builder
	b.WriteString(compactionLead + " that ran out of context. The conversation is summarized below:\nAnalysis:\n")
	for range 60 {
		b.WriteString("The user asked about " + done + " and the agent edited the files for it. ")
	}
	b.WriteString("\n\nSummary:\n1. Primary Request and Intent: " + done + ".\n")
	b.WriteString("7. Pending Tasks: " + left + ".\n8. Current Work: the first part is written.\n")
	return b.String()
}

// TestFollowUpSearchAfterCompaction: after a summary of many kilobytes the
// follow-up's own words stay in its query, and the summary's part that
// says what is left joins them, not its opening analysis.
func TestFollowUpSearchAfterCompaction(t *testing.T) {
	for _, tc := range []struct {
		name, prompt, summary string
		want, notWant         []string
	}{
		{"the prompt survives a long summary", "now hook up the webhook retries",
			longSummary("the invoice exporter", "wire the exporter into the nightly job"),
			[]string{"webhook", "retries", "nightly"}, nil},
		{"a summary without task headings keeps its end", "and the timeouts",
			compactionLead + ". " + strings.Repeat("early analysis of the parser. ", 150) + "Last: the gateway client is half done.",
			[]string{"timeouts", "gateway"}, nil},
		{"a short summary is kept whole", "now the eviction",
			compactionLead + ". Summary: cache thumbnails on disk in ThumbCache.kt.",
			[]string{"eviction", "ThumbCache"}, []string{"continued"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeLines(t, userEntry(tc.summary), replyEntry("Continuing."))
			s, ok := followUpSearch(t.Context(), path, tc.prompt, tc.prompt)
			if !ok {
				t.Fatal("no follow-up search")
			}
			if len(s.query) > maxQueryChars {
				t.Errorf("query of %d chars", len(s.query))
			}
			for _, w := range tc.want {
				if !strings.Contains(s.query, w) {
					t.Errorf("query lacks %q: %.300q", w, s.query)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(s.query, w) {
					t.Errorf("query holds %q: %.300q", w, s.query)
				}
			}
		})
	}
}

// TestFollowUpSearchCapsALongPrompt: a long previous prompt (a paste, a
// spec) is capped, and the follow-up's words are kept whole after it.
func TestFollowUpSearchCapsALongPrompt(t *testing.T) {
	prev := "refactor the billing module " + strings.Repeat("so that every invoice line keeps its currency ", 200)
	path := writeLines(t, userEntry(prev), replyEntry("Done."))
	s, ok := followUpSearch(t.Context(), path, "same for credit_notes", "same for credit_notes")
	if !ok {
		t.Fatal("no follow-up search")
	}
	if !strings.HasSuffix(s.query, "same for credit_notes") || len(s.query) > maxFollowUpPromptChars+200 {
		t.Errorf("query of %d chars: %.200q", len(s.query), s.query)
	}
	if !strings.Contains(s.query, "billing") {
		t.Errorf("query lacks the previous prompt: %.200q", s.query)
	}
}
