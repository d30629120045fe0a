package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
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
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_METRICS": "true"})
	who := as{key: mintKey(t, secret, s.dataDir, "carol-the-user"), place: keyBearer}
	id := s.addVerbatim(t, who, "the secret recipe uses cardamom", nil)
	s.get(t, who, "/api/v1/memories/"+id)
	for _, mode := range []string{"hybrid", "text", "vector"} {
		wantStatus(t, s.post(t, who, "/api/v1/memories/search", map[string]any{"query": "recipe", "mode": mode}), http.StatusOK)
	}
	s.post(t, who, "/api/v1/memories", map[string]any{"text": "I live in Lisbon"})
	s.get(t, anon, "/api/v1/memories") // 401
	m := s.get(t, anon, "/metrics")
	wantStatus(t, m, http.StatusOK)
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
		`memsvc_http_requests_total{route="POST /api/v1/memories",status="200"} 2`,
		`memsvc_http_requests_total{route="GET /api/v1/memories",status="401"} 1`,
		`memsvc_http_requests_total{route="GET /api/v1/memories/{id}",status="200"} 1`,
		`memsvc_http_request_duration_seconds_bucket{route="POST /api/v1/memories/search",le="+Inf"} 3`,
		`memsvc_search_duration_seconds_count{mode="vector"} 1`,
		`memsvc_write_results_total{event="ADD"}`,
		`memsvc_store_size_bytes `,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}
	for _, never := range []string{"carol", who.key, "cardamom", "Lisbon", id} {
		if strings.Contains(body, never) {
			t.Errorf("metrics expose %q", never)
		}
	}
	wantError(t, s.sendWithHost(t, http.MethodGet, "/metrics", "evil.example", "", nil), http.StatusForbidden, "")
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
// writes asks the server (with an operator key from the auth secret); the
// restored directory serves every memory acknowledged before the backup
// began, each whole (record, index and vector together).
func TestBackupWhileServing(t *testing.T) {
	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	env := map[string]string{"MEMSVC_AUTH_SECRET": secret}
	s := startServer(t, env)
	who := as{key: mintKey(t, secret, s.dataDir, "erin"), place: keyBearer}
	var acked []string
	for i := range 20 {
		s.addVerbatim(t, who, "early memory "+uniqueWord(i), nil)
		acked = append(acked, uniqueWord(i))
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
			s.try(req{method: http.MethodPost, path: "/api/v1/memories", key: who.key, place: who.place,
				body: map[string]any{"text": "late memory " + uniqueWord(i), "infer": false}})
		}
	}()
	file := filepath.Join(t.TempDir(), "memsvc.backup")
	runBin(t, map[string]string{"MEMSVC_AUTH_SECRET": "wrong-0123456789abcdef0123456789abcdef"}, true, "backup", "--data", s.dataDir, "--out", file)
	runBin(t, env, false, "backup", "--data", s.dataDir, "--out", file)
	close(stop)
	wg.Wait()

	restored := filepath.Join(t.TempDir(), "restored")
	runBin(t, nil, false, "restore", "--in", file, "--data", restored)
	runBin(t, nil, true, "restore", "--in", file, "--data", restored) // not empty now
	r := startServerOn(t, restored, env)
	list := r.get(t, who, "/api/v1/memories?size=100")
	wantStatus(t, list, http.StatusOK)
	if n := num(list.body, "total"); n < len(acked) {
		t.Fatalf("restored %d memories, want at least %d", n, len(acked))
	}
	for _, w := range acked {
		for _, mode := range []string{"text", "vector"} {
			res := r.post(t, who, "/api/v1/memories/search", map[string]any{"query": "early memory " + w, "mode": mode, "top_k": 1})
			hits, _ := res.body["results"].([]any)
			if len(hits) == 0 || !strings.Contains(hits[0].(map[string]any)["text"].(string), w) {
				t.Errorf("%s search for %q after restore: %s", mode, w, res.raw)
			}
		}
	}
}
