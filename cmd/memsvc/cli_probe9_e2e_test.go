package main

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeRefusesOpenNetworkAddress: with auth off, serve on an address
// other machines reach (0.0.0.0, ::, ":port") let anyone on the network
// read and erase every user's memories, since a non-browser client can
// send "Host: 127.0.0.1". It now refuses (exit 2, one line, nothing on
// disk) naming both ways out.
func TestServeRefusesOpenNetworkAddress(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "[::]:0"} {
		t.Run(addr, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			code, stdout, stderr := probeCmd{}.run(t, "serve", "--addr", addr, "--data", dir, "--no-sync")
			if code != 2 || stdout != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2", code, stdout, stderr)
			}
			for _, want := range []string{"auth is off", "MEMSVC_AUTH_SECRET", "--allow-open", "MEMSVC_ALLOW_OPEN=true"} {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr %q lacks %q", stderr, want)
				}
			}
			oneLineError(t, addr, stderr)
			if _, err := os.Stat(dir); err == nil {
				t.Errorf("a refused start created %s", dir)
			}
		})
	}
}

// TestServeOpenNetworkAddressWhenSaid: a secret, or --allow-open /
// MEMSVC_ALLOW_OPEN=true, lets serve listen on every interface; open, the
// banner says that anyone who reaches it has full access, and where the
// setting came from. Loopback needs neither.
func TestServeOpenNetworkAddressWhenSaid(t *testing.T) {
	const secret = "an-ops9-test-secret-of-at-least-32-bytes"
	for _, tt := range []struct {
		name     string
		env      map[string]string
		args     []string
		want     []string
		wantNone string
	}{
		{"flag", nil, []string{"--addr", "0.0.0.0:0", "--allow-open"},
			[]string{"anyone who can reach", "allow-open=true (flag)"}, ""},
		{"env", map[string]string{"MEMSVC_ALLOW_OPEN": "true"}, []string{"--addr", "0.0.0.0:0"},
			[]string{"anyone who can reach", "allow-open=true (MEMSVC_ALLOW_OPEN)"}, ""},
		{"auth on", map[string]string{"MEMSVC_AUTH_SECRET": secret}, []string{"--addr", "0.0.0.0:0"},
			[]string{"auth=\"on"}, "anyone who can reach"},
		{"loopback", nil, []string{"--addr", "127.0.0.1:0"}, []string{"auth=\"off"}, "anyone who can reach"},
		{"localhost", nil, []string{"--addr", "localhost:0"}, []string{"auth=\"off"}, "anyone who can reach"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			banner := serveBanner(t, tt.env, append(tt.args, "--data", t.TempDir(), "--no-sync")...)
			for _, want := range tt.want {
				if !strings.Contains(banner, want) {
					t.Errorf("banner %q lacks %q", banner, want)
				}
			}
			if tt.wantNone != "" && strings.Contains(banner, tt.wantNone) {
				t.Errorf("banner %q says %q", banner, tt.wantNone)
			}
		})
	}
}

// serveBanner starts serve with args and returns its start-up banner line,
// then stops it.
func serveBanner(t *testing.T, env map[string]string, args ...string) string {
	t.Helper()
	builtBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := probeCmd{env: env}.command(ctx, t, append([]string{"serve"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
	var seen []string
	for sc := bufio.NewScanner(stderr); sc.Scan(); {
		if strings.Contains(sc.Text(), "listening") {
			return sc.Text()
		}
		seen = append(seen, sc.Text())
	}
	t.Fatalf("serve %v never listened: %s", args, strings.Join(seen, "\n"))
	return ""
}

// TestImportFillsMissingTimes: import took memory records without
// updated_at, valid_from or recorded_at and exported them as
// 0001-01-01T00:00:00Z. Each missing one is now the memory's created_at,
// as for a memory added with no said time; a record without created_at
// is refused naming the record and the field.
func TestImportFillsMissingTimes(t *testing.T) {
	const head = `{"kind":"header","format":"memsvc-export","version":1,"embedder":"builtin-hash-v3/512"}` + "\n"
	write := func(memory string) string {
		in := filepath.Join(t.TempDir(), "in.jsonl")
		body := head + `{"kind":"memory","user":"alice","memory":` + memory + "}\n" + `{"kind":"end"}` + "\n"
		if err := os.WriteFile(in, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return in
	}
	data := filepath.Join(t.TempDir(), "data")
	in := write(`{"id":"m-1","text":"alice keeps bees","user_id":"alice","state":"active","created_at":"2026-01-02T03:04:05Z"}`)
	if code, _, stderr := (probeCmd{}).run(t, "import", "--in", in, "--data", data); code != 0 {
		t.Fatalf("import: exit %d, %s", code, stderr)
	}
	code, stdout, stderr := (probeCmd{}).run(t, "export", "--data", data)
	if code != 0 {
		t.Fatalf("export: exit %d, %s", code, stderr)
	}
	for _, field := range []string{"updated_at", "valid_from", "recorded_at"} {
		if want := `"` + field + `":"2026-01-02T03:04:05Z"`; !strings.Contains(stdout, want) {
			t.Errorf("the export lacks %s:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "0001-01-01") {
		t.Errorf("the export holds a zero time:\n%s", stdout)
	}
	in = write(`{"id":"m-2","text":"alice keeps bees","user_id":"alice","state":"active"}`)
	code, _, stderr = (probeCmd{}).run(t, "import", "--in", in, "--data", filepath.Join(t.TempDir(), "data"))
	if code == 0 || !strings.Contains(stderr, "created_at") || !strings.Contains(stderr, "m-2") {
		t.Errorf("import without created_at: exit %d, stderr %q; want a refusal naming m-2 and created_at", code, stderr)
	}
	oneLineError(t, "import without created_at", stderr)
}
