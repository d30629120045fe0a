package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The seventh CLI probe: what the earlier ones (cli_e2e_test.go,
// cli_probe*_e2e_test.go) left out. Every case runs the built binary.

// TestCLIUnknownEnvWarned: a misspelt MEMSVC_* variable was ignored without
// a word, so the operator believed it took effect. Every command that reads
// settings now names it on stderr, once, with the known name it most likely
// meant, and goes on (a newer version's variable must not break a shell);
// the variables of the hooks and the test harnesses are known, and version
// reads no setting, so says nothing.
func TestCLIUnknownEnvWarned(t *testing.T) {
	builtBinary(t) // built before any run's time limit starts
	secret := strings.Repeat("k", 40)
	for _, tt := range []struct {
		name     string
		env      map[string]string
		args     []string
		code     int
		warnings []string // each the start of one stderr line
	}{
		{"keys create, misspelt data dir", map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_DATADIR": "/nowhere"},
			[]string{"keys", "create", "--user", "alice"}, 0,
			[]string{`memsvc: warning: MEMSVC_DATADIR is not a memsvc setting and is ignored; did you mean "MEMSVC_DATA_DIR"?`}},
		{"serve help, name cut short", map[string]string{"MEMSVC_AUTH": "off"}, []string{"serve", "--help"}, 0,
			[]string{`memsvc: warning: MEMSVC_AUTH is not a memsvc setting and is ignored; did you mean "MEMSVC_AUTH_SECRET"?`}},
		{"export, two unknown", map[string]string{"MEMSVC_PORTT": "9000", "MEMSVC_LLM_MODLE": "x"},
			[]string{"export", "--data", "/nonexistent/memsvc"}, 3, // not found
			[]string{`memsvc: warning: MEMSVC_LLM_MODLE is not a memsvc setting and is ignored; did you mean "MEMSVC_LLM_MODEL"?`,
				`memsvc: warning: MEMSVC_PORTT is not a memsvc setting and is ignored (see "memsvc <command> --help"`}},
		{"hook settings are known", map[string]string{"MEMSVC_RECALL_RERANK": "1", "MEMSVC_URL": "http://127.0.0.1:1",
			"MEMSVC_API_KEY": "msk_x", "MEMSVC_HOOKS_DISABLE": "1", "MEMSVC_HOOK_STOP_BUDGET": "1s"},
			[]string{"keys", "create", "--user", "alice", "--auth-secret", secret}, 0, nil},
		{"harness settings are known", map[string]string{"MEMSVC_BIN": "/x", "MEMSVC_N8N_CACHE": "/x", "MEMSVC_STDIO_DATA": "/x"},
			[]string{"keys", "create", "--user", "alice", "--auth-secret", secret}, 0, nil},
		{"another server's name for the address", map[string]string{"MEMSVC_PORT": "9000"},
			[]string{"keys", "create", "--user", "alice", "--auth-secret", secret}, 0,
			[]string{`memsvc: warning: MEMSVC_PORT is not a memsvc setting and is ignored; did you mean "MEMSVC_ADDR"?`}},
		{"version reads no setting", map[string]string{"MEMSVC_DATADIR": "/x"}, []string{"version"}, 0, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := probeCmd{env: tt.env}.run(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.code, stderr)
			}
			var warned []string
			for _, l := range strings.Split(stderr, "\n") {
				if strings.HasPrefix(l, "memsvc: warning:") {
					warned = append(warned, l)
				}
			}
			if len(warned) != len(tt.warnings) {
				t.Fatalf("%d warnings, want %d:\n%s", len(warned), len(tt.warnings), stderr)
			}
			for i, w := range tt.warnings {
				if !strings.HasPrefix(warned[i], w) {
					t.Errorf("warning %q, want it to start %q", warned[i], w)
				}
			}
			if strings.Contains(stderr, "/nowhere") || strings.Contains(stderr, "off\n") {
				t.Errorf("a warning shows a value (values may be secrets):\n%s", stderr)
			}
		})
	}
}

// TestServeBannerShowsSettingSources: the start-up banner named neither
// the settings in effect nor where they came from, so an operator could
// not tell whether MEMSVC_MAX_CONNS or --max-conns had won. It now lists
// each setting that is not its default with its source (flag > env >
// default), hiding secrets.
func TestServeBannerShowsSettingSources(t *testing.T) {
	secret := strings.Repeat("s", 40)
	data := filepath.Join(t.TempDir(), "data")
	banner := serveBanner(t, map[string]string{"MEMSVC_MAX_CONNS": "64", "MEMSVC_ADDR": "127.0.0.1:1",
		"MEMSVC_AUTH_SECRET": secret, "MEMSVC_IDLE_TIMEOUT": "2m"},
		"--addr", "127.0.0.1:0", "--data", data, "--no-sync", "--llm-timeout", "20s")
	for _, want := range []string{"addr=127.0.0.1:0 (flag)", "max-conns=64 (MEMSVC_MAX_CONNS)",
		"auth-secret=*** (MEMSVC_AUTH_SECRET)", "no-sync=true (flag)", "data=" + data + " (flag)"} {
		if !strings.Contains(banner, want) {
			t.Errorf("banner lacks %q:\n%s", want, banner)
		}
	}
	for _, not := range []string{secret, "127.0.0.1:1", "idle-timeout", "llm-timeout", "rrf-k"} {
		if strings.Contains(banner, not) {
			t.Errorf("banner shows %q (a secret, a value that lost, or a default):\n%s", not, banner)
		}
	}
}

// TestCLIByteSizeForm: a byte size written with a unit (1GB, 1GiB, 1g) is
// refused naming the variable or flag, and the error says how many bytes a
// unit is, so the operator can write the number the flag takes.
func TestCLIByteSizeForm(t *testing.T) {
	builtBinary(t) // built before any run's time limit starts
	for _, tt := range []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"GB in env", map[string]string{"MEMSVC_MAX_BODY_BYTES": "1GB"}, nil, `MEMSVC_MAX_BODY_BYTES="1GB": must be a whole number of bytes, no unit (1 MiB is 1048576, 1 GiB is 1073741824)`},
		{"GiB flag", nil, []string{"--image-max-bytes", "1GiB"}, `--image-max-bytes 1GiB: must be a whole number of bytes, no unit`},
		{"g in env", map[string]string{"MEMSVC_SHARD_BUDGET": "1g"}, nil, `MEMSVC_SHARD_BUDGET="1g": must be a whole number of bytes`},
		{"count is not a size", map[string]string{"MEMSVC_MAX_CONNS": "abc"}, nil, `MEMSVC_MAX_CONNS="abc": must be a whole number (no units)`},
		{"duration without unit", map[string]string{"MEMSVC_BODY_TIMEOUT": "5"}, nil, `MEMSVC_BODY_TIMEOUT="5": must be a duration such as 500ms`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := filepath.Join(t.TempDir(), "data")
			code, _, stderr := probeCmd{env: tt.env}.run(t, append([]string{"serve", "--addr", "127.0.0.1:0", "--data", data}, tt.args...)...)
			if code != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, tt.want)
			}
			oneLineError(t, tt.name, stderr)
			if _, err := os.Stat(data); err == nil {
				t.Errorf("a refused start made %s", data)
			}
		})
	}
}

// TestCLIExportImportFidelity: export, import into an empty directory and
// export again gives the same records, field by field: timestamps to the
// nanosecond, supersede chains, sessions, images' metadata, skills and
// entities (only the export's own time may differ).
func TestCLIExportImportFidelity(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	t.Run("fill", func(t *testing.T) {
		s := startServerOn(t, src, nil)
		r := s.post(t, anon, "/api/v1/memories/from-conversation", map[string]any{"user_id": "zoë", "session_id": "s1",
			"project": "site", "tags": []string{"t1"}, "messages": []map[string]any{
				{"role": "user", "name": "Zoë", "content": "I live in Berlin and I drink black coffee with Sam Jones.", "created_at": "2024-03-05T10:11:12.123456789Z"},
				{"role": "assistant", "content": "Noted.", "created_at": "2024-03-05T10:11:13.000000001Z"},
				{"role": "user", "content": "To release: run make dist, then tag the commit, then push the tag.", "created_at": "2024-03-05T10:12:00.5Z"}}})
		wantStatus(t, r, http.StatusOK)
		wantStatus(t, s.post(t, anon, "/api/v1/memories", map[string]any{"user_id": "zoë", "text": "I moved to Lisbon last month.",
			"timestamp": "2024-04-01T08:00:00.987654321+02:00"}), http.StatusOK)
		wantStatus(t, s.post(t, anon, "/api/v1/memories", map[string]any{"user_id": "zoë", "text": pngDataURI(t, 7)}), http.StatusOK)
		wantStatus(t, s.post(t, anon, "/api/v1/memories", map[string]any{"user_id": "bob smith", "text": "Bob prefers tea.",
			"metadata": map[string]any{"source": "probe", "n": 1}}), http.StatusOK)
		id := s.addVerbatim(t, anon, "a note to delete", map[string]any{"user_id": "zoë"})
		wantStatus(t, s.del(t, anon, []string{id}, map[string]any{"user_id": "zoë"}), http.StatusOK)
		waitSettled(t, s, "zoë")
	})
	first := filepath.Join(t.TempDir(), "first.jsonl")
	runBin(t, nil, false, "export", "--data", src, "--out", first)
	runBin(t, nil, false, "import", "--data", dst, "--in", first)
	second := filepath.Join(t.TempDir(), "second.jsonl")
	runBin(t, nil, false, "export", "--data", dst, "--out", second)
	a, b := exportRecords(t, first), exportRecords(t, second)
	kinds := map[string]int{}
	for _, r := range a {
		kinds[kindOf(r)]++
	}
	for _, k := range []string{"memory", "blob"} {
		if kinds[k] == 0 {
			t.Errorf("the export holds no %s record (kinds %v): the probe would not check it", k, kinds)
		}
	}
	if !bytes.Contains(mustJSON(t, a), []byte(".123456789")) {
		t.Errorf("the first export lost the nanoseconds of a created_at")
	}
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("export → import → export changed records (-first +second):\n%s", diff)
	}
}

// waitSettled waits until no memory of user is pending (an image capture).
func waitSettled(t *testing.T, s *testServer, user string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		r := s.get(t, anon, "/api/v1/memories?size=100&user_id="+user)
		if !bytes.Contains(r.raw, []byte(`"state":"pending"`)) || time.Now().After(deadline) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// exportRecords reads an export file's lines as JSON values; the header's
// time of export (at) is dropped, since two exports differ in it.
func exportRecords(t *testing.T, path string) []map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var recs []map[string]any
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var r map[string]any
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatalf("%s: %v: %s", path, err, line)
		}
		if r["kind"] == "header" {
			delete(r, "at")
		}
		recs = append(recs, r)
	}
	return recs
}

// kindOf is the kind of an export record, with a doc's collection.
func kindOf(r map[string]any) string {
	k, _ := r["kind"].(string)
	if c, ok := r["collection"].(string); ok {
		return k + "/" + c
	}
	return k
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestServeTwoOnOneDataDir: a second server on a data directory a server
// holds fails at once (exit 1, one line) naming the address of the one
// that holds it, which a client can use instead ("in use by another
// memsvc process" named neither); the first goes on serving, and its
// recorded address stays.
func TestServeTwoOnOneDataDir(t *testing.T) {
	builtBinary(t) // built before any run's time limit starts
	data := filepath.Join(t.TempDir(), "data")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	first := probeCmd{}.command(ctx, t, "serve", "--addr", "127.0.0.1:0", "--data", data, "--no-sync")
	stderr, err := first.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = first.Process.Signal(os.Interrupt); _ = first.Wait() }()
	addr := ""
	for sc := bufio.NewScanner(stderr); addr == "" && sc.Scan(); {
		if _, rest, ok := strings.Cut(sc.Text(), "rest=http://"); ok {
			addr, _, _ = strings.Cut(rest, "/")
		}
	}
	if addr == "" {
		t.Fatal("the first server never said where it listens")
	}
	code, stdout, errText := probeCmd{}.run(t, "serve", "--addr", "127.0.0.1:0", "--data", data, "--no-sync")
	if code != 1 || stdout != "" || !strings.Contains(errText, "at "+addr) || !strings.Contains(errText, data) {
		t.Errorf("second serve: exit %d, stdout %q, stderr %q; want 1 naming %s and %s", code, stdout, errText, addr, data)
	}
	oneLineError(t, "second serve", errText)
	if got, err := readServerFile(data); err != nil || got != addr {
		t.Errorf("the recorded address is %q (%v), want the first server's %s", got, err, addr)
	}
	r, err := http.Get("http://" + addr + "/api/health")
	if err != nil || r.StatusCode != http.StatusOK {
		t.Fatalf("the first server stopped answering: %v %v", r, err)
	}
	r.Body.Close()
}

// TestCLIHelpSaysZeroIsDefault: the engine takes a zero tunable, and the
// image fetcher a zero size or time limit, as the default, so
// --relevance-floor 0 was 0.5 and --vector-weight 0 was 1, where an
// operator reads "every result" and "off"; each such flag's help now says
// so, on every command that lists it.
func TestCLIHelpSaysZeroIsDefault(t *testing.T) {
	builtBinary(t)
	zeroDefault := []string{"rrf-k", "bm25-k1", "bm25-b", "passage-weight", "passage-decay", "context-weight", "context-span",
		"feedback-docs", "feedback-terms", "feedback-weight", "context-view-weight", "vector-weight", "speaker-weight",
		"time-weight", "relevance-floor", "conversation-gap", "shard-budget", "rerank-depth", "rerank-budget",
		"image-max-bytes", "image-timeout"}
	for _, cmd := range [][]string{{"serve"}, {"mcp"}, {"export"}, {"import"}, {"users", "erase"}, {"bench", "recall"}} {
		_, stdout, _ := probeCmd{}.run(t, append(cmd, "--help")...)
		for _, name := range zeroDefault {
			_, usage, ok := strings.Cut(stdout, "  --"+name+"  [")
			if !ok {
				t.Errorf("%v --help does not list --%s", cmd, name)
				continue
			}
			if line := strings.SplitN(usage, "\n", 3)[1]; !strings.Contains(line, "0 takes the default") && !strings.Contains(line, "(0: the default)") {
				t.Errorf("%v --help: --%s does not say 0 is its default: %s", cmd, name, line)
			}
		}
	}
}
