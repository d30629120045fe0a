package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestProbe21SettingWithSurroundingSpace: a value with white space at
// either end, as an env file or a pasted line leaves it, was taken as it
// came. MEMSVC_DATA_DIR=" /srv/memsvc" made a new, empty data directory
// named " " under the working directory and served from it (every memory
// "gone" at the next start without the space), and MEMSVC_ADDR=" 127.0.0.1:…"
// failed at run time (exit 1) saying the host does not resolve. A setting
// whose value begins or ends with white space is a usage error naming it
// (exit 2, the value not echoed: it may be a key), before anything is
// created.
func TestProbe21SettingWithSurroundingSpace(t *testing.T) {
	for _, tt := range []struct {
		name string
		env  map[string]string
		args []string
		want string // named on stderr
	}{
		{"data dir, leading space", map[string]string{"MEMSVC_DATA_DIR": " DATA"}, []string{"serve", "--addr", "127.0.0.1:0"}, "MEMSVC_DATA_DIR"},
		{"data dir, trailing space", map[string]string{"MEMSVC_DATA_DIR": "DATA "}, []string{"serve", "--addr", "127.0.0.1:0"}, "MEMSVC_DATA_DIR"},
		{"data dir, line break, import", map[string]string{"MEMSVC_DATA_DIR": "DATA\n"}, []string{"import", "--in", "/dev/null"}, "MEMSVC_DATA_DIR"},
		{"addr, leading space", map[string]string{"MEMSVC_ADDR": " 127.0.0.1:0"}, []string{"serve", "--data", "DATA"}, "MEMSVC_ADDR"},
		{"api key, trailing space", map[string]string{"MEMSVC_API_KEY": "msk_YWxpY2U.0123456789abcdef.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa "}, []string{"mcp", "--data", "DATA"}, "MEMSVC_API_KEY"},
		{"a number", map[string]string{"MEMSVC_MAX_CONNS": " 64"}, []string{"serve", "--addr", "127.0.0.1:0", "--data", "DATA"}, "MEMSVC_MAX_CONNS"},
		{"under a flag given", map[string]string{"MEMSVC_DATA_DIR": "DATA "}, []string{"serve", "--addr", "127.0.0.1:0", "--data", "DATA"}, "MEMSVC_DATA_DIR"},
		{"--data typed with a space", nil, []string{"serve", "--addr", "127.0.0.1:0", "--data", " DATA"}, "--data"},
		{"--addr typed with a space", nil, []string{"serve", "--addr", "127.0.0.1:0 ", "--data", "DATA"}, "--addr"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cwd, data := t.TempDir(), filepath.Join(t.TempDir(), "data")
			env, args := map[string]string{}, slices.Clone(tt.args)
			for k, v := range tt.env {
				env[k] = strings.Replace(v, "DATA", data, 1)
			}
			for i, a := range args {
				args[i] = strings.Replace(a, "DATA", data, 1)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := probeCmd{env: env, stdin: strings.NewReader("")}.command(ctx, t, args...)
			cmd.Dir = cwd
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			code := runForExit(t, cmd)
			if code != 2 || !strings.Contains(stderr.String(), tt.want) || !strings.Contains(stderr.String(), "white space") {
				t.Errorf("exit %d, stderr %q; want 2 naming %s and the white space", code, stderr.String(), tt.want)
			}
			if strings.Contains(stderr.String(), "aaaaaaaaaaaaaaaaaaaa") {
				t.Errorf("the key is echoed: %q", stderr.String())
			}
			for _, dir := range []string{cwd, data, data + " "} {
				if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
					t.Errorf("%q was written: %d entries", dir, len(entries))
				}
			}
		})
	}
}

// TestProbe21RefusedImportLeavesNoDataDir: an import refused for a record
// (an export cut short, here) said "nothing was imported", and had
// created the data directory it was given, with an empty store in it:
// the command line's promise is that a refused command leaves the data
// directory as it was. A directory the import made is removed again; one
// that was there, empty, stays, with nothing added.
func TestProbe21RefusedImportLeavesNoDataDir(t *testing.T) {
	lines := exportLines(t, seededDataDir(t, 2))
	whole := strings.Join(lines, "\n") + "\n"
	cut := filepath.Join(t.TempDir(), "cut.jsonl")
	if err := os.WriteFile(cut, []byte(whole[:len(whole)-len(lines[len(lines)-1])/2-1]), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, existed := range []bool{false, true} {
		data := filepath.Join(t.TempDir(), "data")
		if existed {
			if err := os.Mkdir(data, 0o700); err != nil {
				t.Fatal(err)
			}
		}
		code, _, stderr := probeCmd{}.run(t, "import", "--data", data, "--in", cut)
		if code != 1 || !strings.Contains(stderr, "nothing was imported") {
			t.Fatalf("existed %v: exit %d, stderr %q; want 1, nothing imported", existed, code, stderr)
		}
		entries, err := os.ReadDir(data)
		switch {
		case !existed && !os.IsNotExist(err):
			t.Errorf("the data directory the refused import made is still there (%d entries, %v)", len(entries), err)
		case existed && (err != nil || len(entries) > 0):
			t.Errorf("the empty data directory given: %d entries after a refused import (%v); want it empty", len(entries), err)
		}
	}
}

// TestProbe21HelpSpellings: `memsvc keys help create` printed the keys
// overview rather than create's help (`memsvc help keys create` and `keys
// create help` gave create's), and --h, which every command with flags
// reads as -h, was "unknown subcommand" to keys and users, "unexpected
// argument" to version and "flags go after the command" to memsvc itself.
// Each prints the help asked for on stdout, exit 0.
func TestProbe21HelpSpellings(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string // stdout's first line starts so
	}{
		{[]string{"keys", "help", "create"}, "Usage: memsvc keys create"},
		{[]string{"keys", "--help", "revoke"}, "Usage: memsvc keys revoke"},
		{[]string{"users", "help", "erase"}, "Usage: memsvc users erase"},
		{[]string{"keys", "--h"}, "Usage: memsvc keys"},
		{[]string{"users", "--h"}, "Usage: memsvc users"},
		{[]string{"version", "--h"}, "Usage: memsvc version"},
		{[]string{"--h"}, "memsvc"},
		{[]string{"help", "--h"}, "memsvc"},
	} {
		code, stdout, stderr := probeCmd{stdin: strings.NewReader("")}.run(t, tt.args...)
		if code != 0 || !strings.HasPrefix(stdout, tt.want) || stderr != "" {
			t.Errorf("memsvc %s: exit %d, stdout %.60q, stderr %q; want 0 and %q", strings.Join(tt.args, " "), code, stdout, stderr, tt.want)
		}
	}
}
