package hooks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestStashedSummaryKeepsTranscriptTime: a compaction summary is no prompt
// in the transcript, so a turn that began with it is captured from the
// prompt hook's stash; its dates come from the transcript (the summary's
// entry, the turn's last entry), not the hook's clock, which may be weeks
// later when a transcript is replayed. A stash the transcript does not
// hold keeps the time it was stashed.
func TestStashedSummaryKeepsTranscriptTime(t *testing.T) {
	summary := compactionLead + " that ran out of context. The conversation is summarized below:\n" +
		"Summary:\n1. Primary Request: export invoices as CSV.\n2. Key Technical Concepts: the exporter " +
		"streams rows through encoding/csv; amounts are integer cents in the invoices table."
	reply := "The CSV export streams rows now and writes amounts as decimal strings from the stored cents."
	tests := []struct {
		name       string
		flagged    bool   // isCompactSummary set, as Claude Code writes it now
		prompt     string // what the prompt hook stashed
		wantUser   string // created_at of the user message
		wantAsst   any    // created_at of the assistant message, nil when absent
		wantReplay bool
	}{
		{name: "flagged summary", flagged: true, prompt: summary,
			wantUser: "2026-05-04T10:00:00Z", wantAsst: "2026-05-04T10:00:30Z"},
		{name: "summary known by its lead", prompt: summary,
			wantUser: "2026-05-04T10:00:00Z", wantAsst: "2026-05-04T10:00:30Z"},
		{name: "prompt the transcript lacks", prompt: "export the invoices as CSV with amounts in euros",
			wantUser: "2026-06-01T12:00:00Z", wantAsst: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			cfg := testConfig(t, srv.URL)
			cfg.StateDir = filepath.Join(t.TempDir(), "state")
			cfg.Now = func() time.Time { return time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC) }
			path := writeSummaryTranscript(t, summary, reply, tt.flagged)
			runHook(t, "prompt", cfg, promptEvent(t, "p-1", tt.prompt))
			runHook(t, "stop", cfg, stopEventFor(t, path, "p-1", reply))
			calls := fake.requests()
			msgs, _ := calls[len(calls)-1].Body["messages"].([]any)
			if len(msgs) != 2 {
				t.Fatalf("captured %v, want two messages", calls[len(calls)-1].Body)
			}
			got := []any{msgs[0].(map[string]any)["created_at"], msgs[1].(map[string]any)["created_at"]}
			if diff := cmp.Diff([]any{tt.wantUser, tt.wantAsst}, got); diff != "" {
				t.Errorf("created_at (-want +got):\n%s", diff)
			}
		})
	}
}

// writeSummaryTranscript writes a transcript whose only user entry is a
// compaction summary, followed by a tool call, its result and the reply.
func writeSummaryTranscript(t *testing.T, summary, reply string, flagged bool) string {
	t.Helper()
	entries := []map[string]any{
		{"type": "user", "uuid": "u-1", "timestamp": "2026-05-04T10:00:00Z", "isCompactSummary": flagged,
			"message": map[string]any{"role": "user", "content": summary}},
		{"type": "assistant", "uuid": "a-1", "timestamp": "2026-05-04T10:00:10Z",
			"message": map[string]any{"role": "assistant", "content": []map[string]any{
				{"type": "tool_use", "id": "tu-1", "name": "Bash", "input": map[string]any{"command": "go test ./export/"}}}}},
		{"type": "user", "uuid": "r-1", "timestamp": "2026-05-04T10:00:20Z",
			"message": map[string]any{"role": "user", "content": []map[string]any{
				{"type": "tool_result", "tool_use_id": "tu-1", "content": "ok"}}}},
		{"type": "assistant", "uuid": "a-2", "timestamp": "2026-05-04T10:00:30Z",
			"message": map[string]any{"role": "assistant", "content": []map[string]any{{"type": "text", "text": reply}}}},
	}
	var b strings.Builder
	for _, e := range entries {
		line, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(line, '\n'))
	}
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
