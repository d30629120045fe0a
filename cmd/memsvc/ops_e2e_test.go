package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestHistoryExportEraseOverHTTP drives history, the export download and
// self-erasure with real keys, and checks another user is untouched.
func TestHistoryExportEraseOverHTTP(t *testing.T) {
	s, aliceKey, bobKey := authServer(t)
	alice, bob := as{key: aliceKey, place: keyBearer}, as{key: bobKey, place: keyBearer}
	rex := s.addVerbatim(t, alice, "my dog is called Rex", nil)
	s.addVerbatim(t, alice, "alice likes green tea", nil)
	bobs := s.addVerbatim(t, bob, "bob keeps bees on the roof", nil)

	h := s.get(t, alice, "/api/v1/memories/"+rex+"/history")
	wantStatus(t, h, http.StatusOK)
	if evs := h.body["events"].([]any); len(evs) != 1 || evs[0].(map[string]any)["event"] != "ADD" ||
		evs[0].(map[string]any)["text"] != "my dog is called Rex" || h.body["id"] != rex {
		t.Errorf("history after add: %s", h.raw)
	}
	wantStatus(t, s.del(t, alice, []string{rex}, nil), http.StatusOK)
	h = s.get(t, alice, "/api/v1/memories/"+rex+"/history")
	wantStatus(t, h, http.StatusOK)
	var evs []struct{ Event, At, Text string }
	_ = json.Unmarshal(mustField(t, h.raw, "events"), &evs)
	if len(evs) != 2 || evs[0].Event != "ADD" || evs[1].Event != "DELETE" || evs[1].At == "" {
		t.Errorf("history after delete: %s", h.raw)
	}
	if strings.Contains(string(h.raw), "Rex") {
		t.Errorf("history keeps the deleted text: %s", h.raw)
	}
	wantError(t, s.get(t, bob, "/api/v1/memories/"+rex+"/history"), http.StatusNotFound, "not_found")

	ex := s.get(t, alice, "/api/v1/export")
	wantStatus(t, ex, http.StatusOK)
	lines := strings.Split(strings.TrimSpace(string(ex.raw)), "\n")
	if !strings.Contains(lines[0], `"kind":"header"`) || !strings.Contains(lines[len(lines)-1], `"kind":"end"`) ||
		!strings.Contains(string(ex.raw), "green tea") || strings.Contains(string(ex.raw), "bees") {
		t.Errorf("alice's export:\n%s", ex.raw)
	}

	erase := func(who as, body any) resp {
		return s.do(t, req{method: http.MethodDelete, path: "/api/v1/users/me", key: who.key, place: who.place, body: body})
	}
	wantError(t, erase(alice, map[string]any{}), http.StatusBadRequest, "invalid_request", "confirm")
	wantError(t, erase(alice, map[string]any{"confirm": "bob"}), http.StatusBadRequest, "invalid_request", "confirm")
	wantStatus(t, erase(alice, map[string]any{"confirm": "alice"}), http.StatusOK)
	if l := s.get(t, alice, "/api/v1/memories"); num(l.body, "total") != 0 {
		t.Errorf("alice still has memories: %s", l.raw)
	}
	if r := s.post(t, alice, "/api/v1/memories/search", map[string]any{"query": "green tea"}); len(r.body["results"].([]any)) != 0 {
		t.Errorf("alice's search still finds: %s", r.raw)
	}
	wantStatus(t, s.get(t, bob, "/api/v1/memories/"+bobs), http.StatusOK)
}

// TestEraseByBodyUserWithAuthOff: with auth off a body names its user, on
// DELETE /users/me as on every other body; the default user is untouched.
func TestEraseByBodyUserWithAuthOff(t *testing.T) {
	s := startServer(t, nil)
	anyone := as{}
	s.post(t, anyone, "/api/v1/memories", map[string]any{"text": "dana keeps a sourdough starter", "infer": false, "user_id": "dana"})
	s.post(t, anyone, "/api/v1/memories", map[string]any{"text": "the default user likes chess", "infer": false})
	erase := func(body any) resp {
		return s.do(t, req{method: http.MethodDelete, path: "/api/v1/users/me", body: body})
	}
	wantError(t, erase(map[string]any{"user_id": "dana", "confirm": "default"}), http.StatusBadRequest, "invalid_request", "confirm", "dana")
	wantStatus(t, erase(map[string]any{"user_id": "dana", "confirm": "dana"}), http.StatusOK)
	if l := s.get(t, anyone, "/api/v1/memories?user_id=dana"); num(l.body, "total") != 0 {
		t.Errorf("dana still has memories: %s", l.raw)
	}
	if l := s.get(t, anyone, "/api/v1/memories"); num(l.body, "total") != 1 {
		t.Errorf("the default user's memories: %s", l.raw)
	}
}

func mustField(t *testing.T, raw []byte, field string) json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m[field] == nil {
		t.Fatalf("no %s in %s", field, raw)
	}
	return m[field]
}

var sampleLine = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*")*\})? [-+0-9.eEInfa]+$`)

// TestMetrics: /metrics is off by default; on, it parses as the Prometheus
// text format, counts routes by pattern, and names no user, key or text.
func TestMetrics(t *testing.T) {
	off := startServer(t, nil)
	wantError(t, off.get(t, anon, "/metrics"), http.StatusNotFound, "not_found")

	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_METRICS": "true",
		"MEMSVC_METRICS_SECRET": testMetricsSecret})
	who := as{key: mintKey(t, secret, s.dataDir, "carol-the-user"), place: keyBearer}
	id := s.addVerbatim(t, who, "the secret recipe uses cardamom", nil)
	s.get(t, who, "/api/v1/memories/"+id)
	for _, mode := range []string{"hybrid", "text", "vector"} {
		wantStatus(t, s.post(t, who, "/api/v1/memories/search", map[string]any{"query": "recipe", "mode": mode}), http.StatusOK)
	}
	s.post(t, who, "/api/v1/memories", map[string]any{"text": "I live in Lisbon"})
	s.get(t, anon, "/api/v1/memories") // 401
	sess := connectMCP(t, s.client, s.base, "carol-private-client", who.key)
	for _, tool := range []string{"search_memory", "no_such_tool"} {
		_, _ = sess.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: map[string]any{"query": "recipe"}})
	}
	// A capture that fails for good: loopback addresses are never fetched.
	s.post(t, who, "/api/v1/memories", map[string]any{"text": "http://127.0.0.1:1/cardamom.png"})
	m := waitMetrics(t, s, "memsvc_image_capture_failures_total 1\n")
	body := string(m.raw)
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "# HELP ") || strings.HasPrefix(line, "# TYPE ") {
			continue
		}
		if !sampleLine.MatchString(line) {
			t.Errorf("not a Prometheus sample line: %q", line)
		}
	}
	for _, want := range []string{
		`memsvc_http_requests_total{route="POST /api/v1/memories",status="200"} 3`,
		`memsvc_http_requests_total{route="/mcp/{client}",status="200"}`, // the pattern, not the client's name
		`memsvc_http_requests_total{route="GET /api/v1/memories",status="401"} 1`,
		`memsvc_http_requests_total{route="GET /api/v1/memories/{id}",status="200"} 1`,
		`memsvc_http_request_duration_seconds_bucket{route="POST /api/v1/memories/search",le="+Inf"} 3`,
		`memsvc_search_duration_seconds_count{mode="vector"} 1`,
		`memsvc_write_results_total{event="ADD"}`,
		`memsvc_store_size_bytes `,
		`memsvc_mcp_calls_total{method="tools/call",tool="search_memory",outcome="ok"} 1`,
		`memsvc_mcp_calls_total{method="tools/call",tool="unknown",outcome="error"} 1`,
		`memsvc_mcp_call_duration_seconds_count{call="search_memory"} 1`,
		`memsvc_search_duration_seconds_count{mode="hybrid"} 2`, // REST's and MCP's
		"memsvc_image_queue_depth 0\n",
		"memsvc_shard_cache_budget_bytes 536870912\n", // the default --shard-budget, 512 MiB
		"memsvc_shard_cache_loads_total ",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}
	for _, never := range []string{"carol", "private-client", "no_such_tool", who.key, "cardamom", "Lisbon", id} {
		if strings.Contains(body, never) {
			t.Errorf("metrics expose %q", never)
		}
	}
	wantError(t, s.sendWithHost(t, http.MethodGet, "/metrics", "evil.example", "", nil), http.StatusForbidden, "")
}

// testMetricsSecret is the --metrics-secret of the tests' servers with
// auth on.
const testMetricsSecret = "e2e-metrics-secret-0123456789abcdef0123"

// waitMetrics scrapes /metrics until it holds want (background work such
// as an image capture shows up a moment after the request).
func waitMetrics(t *testing.T, s *testServer, want string) resp {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		m := s.get(t, as{key: testMetricsSecret, place: keyBearer}, "/metrics")
		wantStatus(t, m, http.StatusOK)
		if strings.Contains(string(m.raw), want) || time.Now().After(end) {
			return m
		}
	}
}

// runBin runs the built memsvc binary with only env, failing the test on a
// non-zero exit unless wantFail.
func runBin(t *testing.T, env map[string]string, wantFail bool, args ...string) string {
	t.Helper()
	cmd := exec.Command(builtBinary(t), args...)
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if (err != nil) != wantFail {
		t.Fatalf("memsvc %s: %v (want failure: %v)\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, wantFail, stdout.String(), stderr.String())
	}
	return stdout.String() + stderr.String()
}

// readAnswers is every read a user can make over REST, for comparison.
func readAnswers(t *testing.T, s *testServer, user string) map[string]string {
	t.Helper()
	who := anon
	q := "?user_id=" + user
	out := map[string]string{}
	list := s.get(t, who, "/api/v1/memories"+q+"&size=100&include_superseded=true")
	wantStatus(t, list, http.StatusOK)
	out["list"] = string(list.raw)
	for _, x := range list.body["items"].([]any) {
		id := x.(map[string]any)["id"].(string)
		out["get "+id] = string(s.get(t, who, "/api/v1/memories/"+id+q).raw)
		out["history "+id] = string(s.get(t, who, "/api/v1/memories/"+id+"/history"+q).raw)
	}
	for _, query := range []string{"where does Dana live", "coffee", "Berlin", "how do I release"} {
		for _, mode := range []string{"hybrid", "text", "vector"} {
			r := s.post(t, who, "/api/v1/memories/search", map[string]any{"query": query, "mode": mode, "user_id": user, "top_k": 20})
			wantStatus(t, r, http.StatusOK)
			out["search "+mode+" "+query] = regexp.MustCompile(`"uses":\d+`).ReplaceAllString(string(r.raw), `"uses":N`)
		}
	}
	if len(list.body["items"].([]any)) < 4 {
		t.Fatalf("%s has too few memories: %s", user, list.raw)
	}
	return out
}

// TestExportImportWithTheBinary: `memsvc export` of a stopped server's
// directory and `memsvc import` into an empty one answer the same.
func TestExportImportWithTheBinary(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	t.Run("fill", func(t *testing.T) {
		s := startServerOn(t, src, nil)
		for _, u := range []string{"dana", "dan"} {
			who := anon
			r := s.post(t, who, "/api/v1/memories/from-conversation", map[string]any{"user_id": u, "session_id": "s1",
				"messages": []map[string]any{
					{"role": "user", "content": "I live in Berlin and I drink black coffee with Sam Jones."},
					{"role": "assistant", "content": "Noted."},
					{"role": "user", "content": "To release: run make dist, then tag the commit, then push the tag."}}})
			wantStatus(t, r, http.StatusOK)
			wantStatus(t, s.post(t, who, "/api/v1/memories", map[string]any{"user_id": u, "text": "I moved to Lisbon last month."}), http.StatusOK)
			id := s.addVerbatim(t, who, "a note for "+u+" to delete", map[string]any{"user_id": u})
			wantStatus(t, s.del(t, who, []string{id}, map[string]any{"user_id": u}), http.StatusOK)
		}
	})
	file := filepath.Join(t.TempDir(), "all.jsonl")
	runBin(t, nil, false, "export", "--data", src, "--out", file)
	out := runBin(t, nil, false, "import", "--data", dst, "--in", file)
	if !strings.Contains(out, "imported 2 users") {
		t.Errorf("import said: %s", out)
	}
	one := filepath.Join(t.TempDir(), "dana.jsonl")
	runBin(t, nil, false, "export", "--data", src, "--user", "dana", "--out", one)
	b, _ := os.ReadFile(one)
	if !strings.Contains(string(b), `"user":"dana"`) || strings.Contains(string(b), `"user":"dan"`) {
		t.Errorf("--user dana export holds other users or none")
	}
	runBin(t, nil, true, "import", "--data", t.TempDir(), "--in", filepath.Join(t.TempDir(), "missing.jsonl"))

	before := map[string]map[string]string{}
	t.Run("before", func(t *testing.T) {
		s := startServerOn(t, src, nil)
		for _, u := range []string{"dana", "dan"} {
			before[u] = readAnswers(t, s, u)
		}
	})
	t.Run("after", func(t *testing.T) {
		s := startServerOn(t, dst, nil)
		for _, u := range []string{"dana", "dan"} {
			if diff := cmp.Diff(before[u], readAnswers(t, s, u)); diff != "" {
				t.Errorf("%s: answers differ after import (-before +after):\n%s", u, diff)
			}
		}
	})
}

// TestBackupWhileServing: `memsvc backup` while the server runs and takes
// writes (text and image captures) asks the server (with an operator key
// from the auth secret); the restored directory serves every memory
// acknowledged before the backup began, each whole (record, index and
// vector together), every image memory's file, and refuses a key revoked
// before the backup.
func TestBackupWhileServing(t *testing.T) {
	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	env := map[string]string{"MEMSVC_AUTH_SECRET": secret}
	s := startServer(t, env)
	who := as{key: mintKey(t, secret, s.dataDir, "erin"), place: keyBearer}
	revoked := as{key: mintKey(t, secret, s.dataDir, "mallory"), place: keyBearer}
	var acked []string
	for i := range 20 {
		s.addVerbatim(t, who, "early memory "+uniqueWord(i), nil)
		acked = append(acked, uniqueWord(i))
	}
	for i := range 3 {
		wantStatus(t, s.post(t, who, "/api/v1/memories", map[string]any{"text": pngDataURI(t, i)}), http.StatusOK)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 100; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			body := map[string]any{"text": "late memory " + uniqueWord(i), "infer": false}
			if i%3 == 0 {
				body = map[string]any{"text": pngDataURI(t, i)} // captured in the background
			}
			s.try(req{method: http.MethodPost, path: "/api/v1/memories", key: who.key, place: who.place, body: body})
		}
	}()
	wantStatus(t, s.get(t, revoked, "/api/v1/memories"), http.StatusOK)
	runBin(t, nil, false, "keys", "revoke", revoked.key, "--data", s.dataDir)
	waitStatus(t, s, revoked, http.StatusUnauthorized)

	file := filepath.Join(t.TempDir(), "memsvc.backup")
	runBin(t, map[string]string{"MEMSVC_AUTH_SECRET": "wrong-0123456789abcdef0123456789abcdef"}, true, "backup", "--data", s.dataDir, "--out", file)
	runBin(t, env, false, "backup", "--data", s.dataDir, "--out", file)
	close(stop)
	wg.Wait()

	restored := filepath.Join(t.TempDir(), "restored")
	runBin(t, nil, false, "restore", "--in", file, "--data", restored)
	runBin(t, nil, true, "restore", "--in", file, "--data", restored) // not empty now
	r := startServerOn(t, restored, env)
	wantError(t, r.get(t, revoked, "/api/v1/memories"), http.StatusUnauthorized, "")
	list := r.get(t, who, "/api/v1/memories?size=100")
	wantStatus(t, list, http.StatusOK)
	if n := num(list.body, "total"); n < len(acked)+3 {
		t.Fatalf("restored %d memories, want at least %d", n, len(acked)+3)
	}
	for _, w := range acked {
		for _, mode := range []string{"text", "vector"} {
			// Among the first three, not first: in text mode an image
			// written right after a note can lift the note before it
			// (implicit sessions); presence is what a restore must keep.
			res := r.post(t, who, "/api/v1/memories/search", map[string]any{"query": "early memory " + w, "mode": mode, "top_k": 3})
			if !strings.Contains(string(res.raw), `"early memory `+w+`"`) {
				t.Errorf("%s search for %q after restore: %s", mode, w, res.raw)
			}
		}
	}
	checkImages(t, r, who, restored, 3)
}

// waitStatus polls GET /api/v1/memories as who until it answers status
// (a revocation takes up to a second to be seen).
func waitStatus(t *testing.T, s *testServer, who as, status int) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		got := s.get(t, who, "/api/v1/memories")
		if got.status == status {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("still %d, want %d: %s", got.status, status, got.raw)
		}
	}
}

// checkImages waits for the restored server to finish the captures the
// snapshot left queued, then requires every image memory (at least want)
// to be active with its file in dataDir, holding the bytes it names.
func checkImages(t *testing.T, s *testServer, who as, dataDir string, want int) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if p := s.get(t, who, "/api/v1/memories?state=pending"); num(p.body, "total") == 0 {
			break
		} else if time.Now().After(end) {
			t.Fatalf("captures still pending after restore: %s", p.raw)
		}
	}
	images := 0
	for page := 1; ; page++ {
		l := s.get(t, who, fmt.Sprintf("/api/v1/memories?size=100&page=%d", page))
		wantStatus(t, l, http.StatusOK)
		items, _ := l.body["items"].([]any)
		if len(items) == 0 {
			break
		}
		for _, x := range items {
			m := x.(map[string]any)
			src, _ := m["source"].(map[string]any)
			if src["kind"] != "image" {
				continue
			}
			images++
			sha, _ := src["blob_sha256"].(string)
			if m["state"] != "active" || sha == "" {
				t.Errorf("image memory after restore: %v", m)
				continue
			}
			data, err := os.ReadFile(filepath.Join(dataDir, "images", sha[:2], sha))
			if sum := sha256.Sum256(data); err != nil || hex.EncodeToString(sum[:]) != sha {
				t.Errorf("image %s of memory %v unreadable after restore: %v", sha, m["id"], err)
			}
		}
	}
	if images < want {
		t.Errorf("%d image memories after restore, want at least %d", images, want)
	}
}

// pngDataURI is a distinct 2×2 PNG for each i, as a data URI.
func pngDataURI(t *testing.T, i int) string {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for p := range img.Pix {
		img.Pix[p] = byte(i >> (8 * (p % 3)))
	}
	img.Pix[3], img.Pix[7] = 255, 255
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Error(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// TestStartupBlockAndFinalLine: start-up logs one block with the REST base,
// the MCP URL pattern, auth, the data directory and the models; shutdown
// logs its final line after the store is closed.
func TestStartupBlockAndFinalLine(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &syncBuffer{}
	addrc, done := make(chan string, 1), make(chan int, 1)
	env := map[string]string{"MEMSVC_AUTH_SECRET": "e2e-secret-0123456789abcdef0123456789ab", "MEMSVC_METRICS": "true",
		"MEMSVC_METRICS_SECRET": testMetricsSecret}
	sys := IO{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: stderr, Getenv: getenvFrom(env),
		OnListen: func(addr string) { addrc <- addr }}
	go func() { done <- Main(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", dir}, sys) }()
	var addr string
	select {
	case addr = <-addrc:
	case <-done:
		t.Fatalf("serve exited early:\n%s", stderr)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("serve returned %d:\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	var block string
	for _, l := range lines {
		if strings.Contains(l, "listening") {
			block = l
		}
	}
	for _, want := range []string{"rest=http://" + addr + "/api/v1", "mcp=http://" + addr + "/mcp/{client}", `auth="on`,
		"data=" + dir, "embedder=builtin-hash-v3/512", "extractor=builtin", "metrics=http://" + addr + "/metrics"} {
		if !strings.Contains(block, want) {
			t.Errorf("start-up block lacks %q: %s", want, block)
		}
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "memsvc stopped") {
		t.Errorf("final line: %s", last)
	}
}

// TestReleaseBuildVersion: a build like `make dist` makes (static,
// stripped, trimmed paths, version stamped) runs --version.
func TestReleaseBuildVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary again with release flags")
	}
	bin := filepath.Join(t.TempDir(), "memsvc")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-trimpath",
		"-ldflags", "-s -w -X main.version=9.8.7-release-test", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("release build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "9.8.7-release-test") {
		t.Errorf("stripped build --version: %v %s", err, out)
	}
}
