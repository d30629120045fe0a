package hooks

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestLastExchange(t *testing.T) {
	const (
		prompt1 = `{"type":"user","uuid":"u1","timestamp":"2026-03-02T09:00:00Z","message":{"role":"user","content":"first question"}}`
		reply1  = `{"type":"assistant","uuid":"a1","timestamp":"2026-03-02T09:00:05Z","message":{"role":"assistant","content":[{"type":"text","text":"first answer"}]}}`
		prompt2 = `{"type":"user","uuid":"u2","timestamp":"2026-03-02T09:01:00Z","message":{"role":"user","content":[{"type":"text","text":"second question"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBOR"}}]}}`
		think   = `{"type":"assistant","uuid":"a2","message":{"content":[{"type":"thinking","thinking":"hmm","signature":"x"}]}}`
		tool    = `{"type":"assistant","uuid":"a3","message":{"content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]}}`
		result  = `{"type":"user","uuid":"r1","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"a.go"}]},"toolUseResult":{"stdout":"a.go"}}`
		reply2  = `{"type":"assistant","uuid":"a4","timestamp":"2026-03-02T09:01:09Z","message":{"content":[{"type":"text","text":"second answer"}]}}`
	)
	tests := []struct {
		name  string
		jsonl []string
		want  exchange
	}{
		{
			name:  "last prompt and its reply",
			jsonl: []string{prompt1, reply1, prompt2, reply2},
			want: exchange{User: "second question", UserID: "u2", UserTime: "2026-03-02T09:01:00Z",
				Assistant: "second answer", AssistantID: "a4", AsstTime: "2026-03-02T09:01:09Z", found: true},
		},
		{
			name:  "tool results stay in the turn and thinking is left out",
			jsonl: []string{prompt1, reply1, prompt2, think, tool, result, reply2},
			want: exchange{User: "second question", UserID: "u2", UserTime: "2026-03-02T09:01:00Z",
				Assistant: "second answer", AssistantID: "a4", AsstTime: "2026-03-02T09:01:09Z", ToolUses: 1,
				Commands: []string{"ls"}, found: true},
		},
		{
			// Claude Code writes a turn's text and tool_use blocks as entries
			// of their own or as blocks of one entry; either way a short text
			// a tool call follows is narration.
			name: "narration before a tool call is left out, an explanation kept",
			jsonl: []string{prompt2,
				`{"type":"assistant","uuid":"n1","message":{"content":[{"type":"text","text":"Let me check the config."}]}}`,
				`{"type":"assistant","uuid":"n2","message":{"content":[{"type":"tool_use","id":"t1","name":"Read","input":{}}]}}`,
				result,
				`{"type":"assistant","uuid":"n3","message":{"content":[{"type":"text","text":"` + strings.Repeat("The cache key includes the locale, so ", 6) + `"},{"type":"text","text":"Running the tests."},{"type":"tool_use","id":"t2","name":"Bash","input":{}}]}}`,
				result, reply2},
			want: exchange{User: "second question", UserID: "u2", UserTime: "2026-03-02T09:01:00Z",
				Assistant:   strings.TrimSpace(strings.Repeat("The cache key includes the locale, so ", 6)) + "\n\nsecond answer",
				AssistantID: "a4", AsstTime: "2026-03-02T09:01:09Z", ToolUses: 2, found: true},
		},
		{
			name:  "a reply's own text before no tool call is kept",
			jsonl: []string{prompt2, `{"type":"assistant","uuid":"a5","timestamp":"2026-03-02T09:01:09Z","message":{"content":[{"type":"text","text":"Short."},{"type":"text","text":"Done."}]}}`},
			want: exchange{User: "second question", UserID: "u2", UserTime: "2026-03-02T09:01:00Z",
				Assistant: "Short.\n\nDone.", AssistantID: "a5", AsstTime: "2026-03-02T09:01:09Z", found: true},
		},
		{
			name:  "turn of tool calls only",
			jsonl: []string{prompt1, reply1, prompt2, tool, result},
			want: exchange{User: "second question", UserID: "u2", UserTime: "2026-03-02T09:01:00Z",
				AssistantID: "a3", ToolUses: 1, Commands: []string{"ls"}, found: true},
		},
		{
			name: "meta, sidechain, compact summary and API error entries are ignored",
			jsonl: []string{prompt1, reply1,
				`{"type":"user","isMeta":true,"uuid":"m","message":{"content":"Caveat: local commands below"}}`,
				`{"type":"user","isSidechain":true,"uuid":"s","message":{"content":"subagent task"}}`,
				`{"type":"assistant","isSidechain":true,"uuid":"sa","message":{"content":[{"type":"text","text":"subagent answer"}]}}`,
				`{"type":"user","isCompactSummary":true,"uuid":"c","message":{"content":"This session is being continued…"}}`,
				`{"type":"assistant","isApiErrorMessage":true,"uuid":"e","message":{"content":[{"type":"text","text":"API Error: 529"}]}}`,
				`{"type":"summary","summary":"Deploy talk","leafUuid":"a1"}`,
			},
			want: exchange{User: "first question", UserID: "u1", UserTime: "2026-03-02T09:00:00Z",
				Assistant: "first answer", AssistantID: "a1", AsstTime: "2026-03-02T09:00:05Z", found: true},
		},
		{
			// Versions before isCompactSummary wrote the summary as a plain
			// user entry; an interrupt leaves a notice as a user entry and,
			// when nothing more was said, a synthetic reply.
			name: "unflagged compaction summary, interrupt notice and synthetic reply are no turn",
			jsonl: []string{prompt1, reply1,
				`{"type":"user","uuid":"c2","message":{"content":"This session is being continued from a previous conversation that ran out of context. The conversation is summarized below: deploy talk"}}`,
				`{"type":"user","uuid":"i","message":{"content":[{"type":"text","text":"[Request interrupted by user for tool use]"}]}}`,
				`{"type":"assistant","uuid":"sy","message":{"model":"<synthetic>","content":[{"type":"text","text":"No response requested."}]}}`,
			},
			want: exchange{User: "first question", UserID: "u1", UserTime: "2026-03-02T09:00:00Z",
				Assistant: "first answer", AssistantID: "a1", AsstTime: "2026-03-02T09:00:05Z", found: true},
		},
		{
			name: "injected reminders are stripped and command wrappers flattened",
			jsonl: []string{
				`{"type":"user","uuid":"u","message":{"content":"<command-message>review</command-message>\n<command-name>/review</command-name>\n<command-args>hooks/run.go</command-args>"}}`,
				`{"type":"user","uuid":"o","message":{"content":"<local-command-stdout>ok</local-command-stdout>"}}`,
				`{"type":"user","uuid":"v","message":{"content":"<system-reminder>memsvc recalled: Alice lives in Paris</system-reminder>\nplease also check the tests"}}`,
			},
			want: exchange{User: "please also check the tests", UserID: "v", found: true},
		},
		{
			name:  "command turn",
			jsonl: []string{`{"type":"user","uuid":"u","message":{"content":"<command-message>review</command-message>\n<command-name>/review</command-name>\n<command-args>hooks/run.go</command-args>"}}`},
			want:  exchange{User: "review /review hooks/run.go", UserID: "u", found: true},
		},
		{
			name:  "reply before any prompt and broken lines are ignored",
			jsonl: []string{reply1, `{"type":"user","message":{"content":`, prompt2, reply2[:40]},
			want:  exchange{User: "second question", UserID: "u2", UserTime: "2026-03-02T09:01:00Z", found: true},
		},
		{
			name: "empty transcript",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := lastExchange(context.Background(), strings.NewReader(strings.Join(tt.jsonl, "\n")))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(exchange{}),
				cmpopts.IgnoreFields(exchange{}, "written", "lastTime", "commandCalls")); diff != "" {
				t.Errorf("lastExchange (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExchangeTruncate(t *testing.T) {
	tests := []struct {
		name         string
		user, asst   string
		maxChars     int
		wantU, wantA string
	}{
		{"fits", "abc", "defg", 10, "abc", "defg"},
		{"short user keeps all, assistant keeps its end", "ab", "0123456789", 6, "ab", "…789"},
		{"short assistant keeps all, user keeps its start", "0123456789", "xy", 6, "012…", "xy"},
		{"both long split the budget", "0123456789", "abcdefghij", 8, "012…", "…hij"},
		{"characters, not bytes", "ééééé", "ààààà", 6, "éé…", "…àà"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := exchange{User: tt.user, Assistant: tt.asst}.truncate(tt.maxChars)
			if got.User != tt.wantU || got.Assistant != tt.wantA {
				t.Errorf("truncate = %q / %q, want %q / %q", got.User, got.Assistant, tt.wantU, tt.wantA)
			}
		})
	}
}

func TestExchangeMessages(t *testing.T) {
	ex := exchange{User: "q", UserID: "u", UserTime: "2026-03-02T10:16:10.250+01:00",
		Assistant: "a", AssistantID: "x", AsstTime: "yesterday"}
	want := []message{
		{Role: "user", Content: "q", ID: "u", CreatedAt: "2026-03-02T09:16:10.25Z"},
		{Role: "assistant", Content: "a", ID: "x"},
	}
	if diff := cmp.Diff(want, ex.messages(), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
}
