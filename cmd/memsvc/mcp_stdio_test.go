package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// stdioSession runs `memsvc mcp args…` in process (runMCP on pipes) and
// connects the Go SDK client to it. stop (also run on cleanup) closes the
// session, which ends the server's input, and requires runMCP to return
// nil: the store is closed when it returns.
func stdioSession(t *testing.T, args []string, env map[string]string) (sess *sdk.ClientSession, stop func()) {
	t.Helper()
	sess, done, stderr, err := tryStdio(t, args, env)
	if err != nil {
		t.Fatalf("memsvc mcp %v: %v; stderr:\n%s", args, err, stderr)
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			sess.Close()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("memsvc mcp returned %v at the end of input; stderr:\n%s", err, stderr)
				}
			case <-time.After(20 * time.Second):
				t.Errorf("memsvc mcp did not return at the end of its input")
			}
		})
	}
	t.Cleanup(stop)
	return sess, stop
}

func tryStdio(t *testing.T, args []string, env map[string]string) (*sdk.ClientSession, chan error, *syncBuffer, error) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	stderr := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		err := runMCP(context.Background(), args, IO{Stdin: inR, Stdout: outW, Stderr: stderr, Getenv: getenvFrom(env)})
		outW.CloseWithError(io.EOF)
		inR.Close()
		done <- err
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := sdk.NewClient(&sdk.Implementation{Name: "stdio-test", Version: "1"}, nil)
	sess, err := client.Connect(ctx, &sdk.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		inW.Close()
		select {
		case runErr := <-done:
			if runErr != nil {
				err = runErr
			}
		case <-time.After(10 * time.Second):
		}
		return nil, done, stderr, err
	}
	return sess, done, stderr, nil
}

// mcpCall calls a tool and returns its text, failing on any error.
func mcpCall(t *testing.T, sess *sdk.ClientSession, tool string, args map[string]any) string {
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
	if res.IsError {
		t.Fatalf("%s(%v): tool error: %s", tool, args, text.String())
	}
	return text.String()
}

func checkTools(t *testing.T, sess *sdk.ClientSession) {
	t.Helper()
	res, err := sess.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
	}
	if strings.Join(names, ",") != "add_memories,search_memory" {
		t.Errorf("tools = %v, want add_memories and search_memory", names)
	}
}

func TestMCPStdioLocal(t *testing.T) {
	dir := t.TempDir()
	sess, stop := stdioSession(t, []string{"--data", dir, "--client", "desk", "--project", "website"}, nil)
	checkTools(t, sess)
	added := mcpCall(t, sess, "add_memories", map[string]any{"memories": []string{"The website deploys with make release"}})
	if !strings.Contains(added, "ADD") {
		t.Fatalf("add over stdio: %s", added)
	}
	found := mcpCall(t, sess, "search_memory", map[string]any{"query": "how does the website deploy"})
	if !strings.Contains(found, "The website deploys with make release") || !strings.Contains(found, "project website") {
		t.Errorf("search over stdio:\n%s", found)
	}
	stop()

	// A second process on the same directory sees what the first stored.
	again, _ := stdioSession(t, []string{"--data", dir}, nil)
	if got := mcpCall(t, again, "search_memory", map[string]any{}); !strings.Contains(got, "make release") {
		t.Errorf("browse after restart:\n%s", got)
	}
}

func TestMCPStdioRelaysToRunningServer(t *testing.T) {
	const secret = "s3cret-0123456789abcdef0123456789abcdef"
	dir := t.TempDir()
	srv := startServerOn(t, dir, map[string]string{"MEMSVC_AUTH_SECRET": secret})
	key := mintKey(t, secret, dir, "alice")

	t.Run("without a key the relay explains what is missing", func(t *testing.T) {
		_, _, stderr, err := tryStdio(t, []string{"--data", dir}, nil)
		if err == nil || !strings.Contains(err.Error(), "MEMSVC_API_KEY") {
			t.Errorf("relay without a key: %v; stderr:\n%s", err, stderr)
		}
	})
	sess, _ := stdioSession(t, []string{"--data", dir, "--client", "desk"}, map[string]string{"MEMSVC_API_KEY": key})
	checkTools(t, sess)
	mcpCall(t, sess, "add_memories", map[string]any{"memories": []string{"Alice keeps her notes in Obsidian"}})
	if got := mcpCall(t, sess, "search_memory", map[string]any{"query": "where are Alice's notes"}); !strings.Contains(got, "Obsidian") {
		t.Errorf("search through the relay:\n%s", got)
	}
	res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: "get_skill", Arguments: map[string]any{}})
	if err != nil || !res.IsError {
		t.Errorf("retired name through the relay: %v %v", res, err)
	}

	// The server stored it for the key's user, with the relay's client name.
	r := srv.get(t, as{key: key, place: keyBearer}, "/api/v1/memories")
	wantStatus(t, r, http.StatusOK)
	items, _ := r.body["items"].([]any)
	if len(items) != 1 {
		t.Fatalf("server holds %s", r.raw)
	}
	if m := items[0].(map[string]any); m["user_id"] != "alice" || m["app_name"] != "desk" {
		t.Errorf("relayed memory: user_id %v app_name %v, want alice and desk", m["user_id"], m["app_name"])
	}
}

// TestMCPStdioBinary runs the built binary as a desktop client would, with
// the Go SDK's command transport.
func TestMCPStdioBinary(t *testing.T) {
	bin := builtBinary(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "mcp", "--data", dir, "--client", "claude-desktop")
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	client := sdk.NewClient(&sdk.Implementation{Name: "binary-test", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	sess, err := client.Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to %s mcp: %v; stderr:\n%s", bin, err, stderr)
	}
	checkTools(t, sess)
	mcpCall(t, sess, "add_memories", map[string]any{"memories": []string{"user: I prefer tabs over spaces", "assistant: Noted."}})
	if got := mcpCall(t, sess, "search_memory", map[string]any{"query": "tabs or spaces"}); !strings.Contains(got, "tabs over spaces") {
		t.Errorf("search through the binary:\n%s", got)
	}
	if err := sess.Close(); err != nil {
		t.Errorf("closing the binary's session: %v; stderr:\n%s", err, stderr)
	}
}
