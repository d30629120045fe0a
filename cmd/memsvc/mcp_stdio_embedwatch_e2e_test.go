package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/llm"
)

// toolText calls a tool and returns its text and whether it was a tool
// error, failing only on a protocol error.
func toolText(t *testing.T, sess *sdk.ClientSession, tool string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	return text.String(), res.IsError
}

// `memsvc mcp` on PostgreSQL is a replica of the shared store as serve is:
// when memsvc reembed moves the database to another model while a stdio
// session runs, the session's tool calls are refused (a tool error naming
// both models and how to restart), where it went on searching new vectors
// with its old embedder and writing old vectors into the moved store.
func TestMCPStdioRefusesAfterReembedOnPostgres(t *testing.T) {
	pgEnv := map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": pg.NewEmptyDatabase(t)}
	sess, _ := stdioSession(t, []string{"--data", t.TempDir(), "--client", "desktop"}, pgEnv)
	mcpCall(t, sess, "add_memories", map[string]any{"memories": []any{"The backup job runs nightly at two"}})

	env := ollamaEnv(scriptedOllamaEmbeddings(t))
	for k, v := range pgEnv {
		env[k] = v
	}
	cmd := exec.Command(builtBinary(t), "reembed", "--data", t.TempDir())
	cmd.Env = []string{"HOME=" + t.TempDir()}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("reembed beside a stdio session: %v; stderr:\n%s", err, stderr.String())
	}
	refusal := refusedWithin(t, sess, 3*embedderWatchEvery)
	builtin := reembed.ID(llm.NewBuiltinEmbedder())
	for _, want := range []string{builtin, "scripted-embed", "restart it with `--embed-provider ollama --embed-model scripted-embed`"} {
		if !strings.Contains(refusal, want) {
			t.Errorf("the stale stdio session's refusal lacks %q: %s", want, refusal)
		}
	}
	if text, isErr := toolText(t, sess, "add_memories", map[string]any{"memories": []any{"Written after the move"}}); !isErr ||
		!strings.Contains(text, "scripted-embed") {
		t.Errorf("add_memories after the move: error %v, %s; want refused", isErr, text)
	}
}

// refusedWithin searches through sess until a call is refused as
// unavailable, and returns the refusal.
func refusedWithin(t *testing.T, sess *sdk.ClientSession, d time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(d)
	for i := 0; time.Now().Before(deadline); i++ {
		text, isErr := toolText(t, sess, "search_memory", map[string]any{"query": fmt.Sprintf("backup job %d", i)})
		if isErr {
			if !strings.Contains(text, "unavailable") {
				t.Fatalf("search_memory failed otherwise than refused: %s", text)
			}
			return text
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the stdio session still answered %v after the store moved to another embedder", d)
	return ""
}
