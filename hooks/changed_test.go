package hooks

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTurnChangedFiles reads the paths a turn's edit tools changed from the
// transcript: edits and writes count, in order and once each; reads,
// searches and shell commands do not, nor the tool calls of an earlier turn.
func TestTurnChangedFiles(t *testing.T) {
	jsonl := strings.Join([]string{
		`{"type":"user","uuid":"u1","message":{"role":"user","content":"earlier task"}}`,
		`{"type":"assistant","uuid":"a0","message":{"content":[{"type":"tool_use","id":"t0","name":"Write","input":{"file_path":"/src/app/old.txt","content":"x"}}]}}`,
		`{"type":"assistant","uuid":"a1","message":{"content":[{"type":"text","text":"done"}]}}`,
		`{"type":"user","uuid":"u2","message":{"role":"user","content":"rename the flag and add a test"}}`,
		`{"type":"assistant","uuid":"a2","message":{"content":[{"type":"tool_use","id":"t1","name":"Read","input":{"file_path":"/src/app/pkg/flags/flags.go"}}]}}`,
		`{"type":"assistant","uuid":"a3","message":{"content":[{"type":"tool_use","id":"t2","name":"Edit","input":{"file_path":"/src/app/pkg/flags/flags.go","old_string":"a","new_string":"b"}}]}}`,
		`{"type":"assistant","uuid":"a4","message":{"content":[{"type":"tool_use","id":"t3","name":"Bash","input":{"command":"go test ./..."}}]}}`,
		`{"type":"assistant","uuid":"a5","message":{"content":[{"type":"tool_use","id":"t4","name":"Write","input":{"file_path":"/src/app/pkg/flags/flags_test.go","content":"package flags"}}]}}`,
		`{"type":"assistant","uuid":"a6","message":{"content":[{"type":"tool_use","id":"t5","name":"Edit","input":{"file_path":"/src/app/pkg/flags/flags.go","old_string":"b","new_string":"c"}}]}}`,
		`{"type":"assistant","uuid":"a7","message":{"content":[{"type":"text","text":"Renamed the flag; tests pass."}]}}`,
	}, "\n")
	ex, err := lastExchange(context.Background(), strings.NewReader(jsonl))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/src/app/pkg/flags/flags.go", "/src/app/pkg/flags/flags_test.go", "/src/app/pkg/flags/flags.go"}
	if diff := cmp.Diff(want, ex.Changed); diff != "" {
		t.Errorf("changed files (-want +got):\n%s", diff)
	}
	got := withChangedFiles(ex.Assistant, ex.Changed, "/src/app")
	if w := "Renamed the flag; tests pass.\n\nFiles changed: pkg/flags/flags.go, pkg/flags/flags_test.go."; got != w {
		t.Errorf("captured reply:\n%s\nwant:\n%s", got, w)
	}
}

// TestWithChangedFiles adds only the paths the reply does not name, keeps a
// path outside the session's directory as it is, and adds nothing for a
// sweeping change.
func TestWithChangedFiles(t *testing.T) {
	many := []string{"a/1.go", "a/2.go", "a/3.go", "a/4.go", "a/5.go", "a/6.go"}
	tests := []struct {
		name, reply, want string
		paths             []string
	}{
		{"named in the reply", "Fixed `render.go`.", "Fixed `render.go`.", []string{"/w/internal/render.go"}},
		{"outside the directory", "Updated the shell profile.", "Updated the shell profile.\n\nFiles changed: /home/u/.zshrc.",
			[]string{"/home/u/.zshrc"}},
		{"relative already", "Bumped it.", "Bumped it.\n\nFiles changed: deploy/values.yaml.", []string{"deploy/values.yaml"}},
		{"too many to name one thing", "Reformatted everything.", "Reformatted everything.", many},
		{"none", "Answered.", "Answered.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := withChangedFiles(tt.reply, tt.paths, "/w"); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
