package main

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Each MEMSVC_* variable the environment holds that no part of memsvc
// reads is named on stderr with its likely fix; known ones, the hooks'
// and the test harnesses' included, pass without a word.
func TestWarnUnknownEnv(t *testing.T) {
	for _, tt := range []struct {
		name string
		env  []string
		want []string // substrings of stderr; none: stderr has no warning
	}{
		{"misspelt data dir", []string{"MEMSVC_DATADIR=/x"}, []string{`MEMSVC_DATADIR is not a memsvc setting and is ignored; did you mean "MEMSVC_DATA_DIR"?`}},
		{"name cut short", []string{"MEMSVC_AUTH=off"}, []string{`MEMSVC_AUTH is not a memsvc setting and is ignored; did you mean "MEMSVC_AUTH_SECRET"?`}},
		{"lower case", []string{"memsvc_addr=:1"}, []string{`did you mean "MEMSVC_ADDR"? (names are upper case)`}},
		{"nothing close", []string{"MEMSVC_PORTT=1"}, []string{"MEMSVC_PORTT is not a memsvc setting", `memsvc <command> --help`}},
		{"misspelt hook setting", []string{"MEMSVC_RECALL_TOP_K=3"}, []string{`did you mean "MEMSVC_RECALL_TOPK"?`}},
		{"two unknown", []string{"MEMSVC_PORTT=1", "MEMSVC_LLM_MODLE=x"}, []string{"MEMSVC_PORTT", `did you mean "MEMSVC_LLM_MODEL"?`}},
		{"hook settings", []string{"MEMSVC_RECALL_RERANK=1", "MEMSVC_URL=http://x", "MEMSVC_API_KEY=msk_x", "MEMSVC_HOOK_STOP_BUDGET=1s"}, nil},
		{"server settings", []string{"MEMSVC_ADDR=:1", "MEMSVC_DATA_DIR=/x", "MEMSVC_MAX_CONNS=3", "MEMSVC_POSTGRES_URL=x"}, nil},
		{"bench and harness settings", []string{"MEMSVC_BENCH_FLOOR=0.5", "MEMSVC_BIN=/x", "MEMSVC_N8N_CACHE=/x"}, nil},
		{"other variables", []string{"HOME=/x", "MEMSVCX=1", "XMEMSVC_FOO=1"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			warnUnknownEnv(IO{Stderr: &stderr, Environ: func() []string { return tt.env }})
			for _, w := range tt.want {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr %q lacks %q", stderr.String(), w)
				}
			}
			if len(tt.want) == 0 && stderr.Len() > 0 {
				t.Errorf("stderr %q, want no warning", stderr.String())
			}
		})
	}
}

// Main warns before every command that reads settings, and not for one
// that reads none (version).
func TestMainWarnsUnknownEnvOnce(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"keys", "create", "--help"}, 1},
		{[]string{"serve", "--help"}, 1},
		{[]string{"version"}, 0},
	} {
		var stdout, stderr bytes.Buffer
		Main(context.Background(), tt.args, IO{Stdout: &stdout, Stderr: &stderr,
			Environ: func() []string { return []string{"MEMSVC_DATADIR=/x"} }})
		if got := strings.Count(stderr.String(), "MEMSVC_DATADIR is not a memsvc setting"); got != tt.want {
			t.Errorf("%v: %d warnings in %q, want %d", tt.args, got, stderr.String(), tt.want)
		}
	}
}

// Every command that takes flags is asked for its variables, and each
// one's help lists them in the form knownEnv reads.
func TestConfigCommandsCoverEveryCommand(t *testing.T) {
	for _, cmd := range commands {
		if cmd == "hook" || cmd == "version" { // hook: hooks' own names; version: no settings
			continue
		}
		found := false
		for _, c := range strings.Split(configCommands, ", ") {
			found = found || strings.Fields(c)[0] == cmd
		}
		if !found {
			t.Errorf("command %s is not in configCommands: its MEMSVC_* variables would be warned about", cmd)
		}
	}
	for _, c := range strings.Split(configCommands, ", ") {
		var help bytes.Buffer
		Main(context.Background(), append(strings.Fields(c), "--help"), IO{Stdout: &help, Stderr: &help})
		if !helpEnv.MatchString(help.String()) {
			t.Errorf("memsvc %s --help lists no [MEMSVC_…] variable:\n%s", c, help.String())
		}
	}
}

// harnessReads finds the MEMSVC_* variables a script, Makefile or JS
// module reads or sets for the binary it starts.
var harnessReads = regexp.MustCompile(`(?:process\.env\.|\$\{?)(MEMSVC_[A-Z0-9_]*[A-Z0-9])|(MEMSVC_[A-Z0-9_]*[A-Z0-9])(?:=|: )`)

// testReads finds the MEMSVC_* variables a Go test reads.
var testReads = regexp.MustCompile(`Getenv\("(MEMSVC_[A-Z0-9_]*[A-Z0-9])"\)`)

// literalNames finds the MEMSVC_* names in a string literal.
var literalNames = regexp.MustCompile(`MEMSVC_[A-Z0-9_]*[A-Z0-9]\b`)

// Every MEMSVC_* name a component of the tree reads is known, so no user
// of it gets a false warning: the names in the Go sources' string literals
// (hooks' constants, messages), those Go tests read, and those the
// harnesses (Makefile, e2e, plugin scripts) read or pass on.
func TestKnownEnvCoversTheTree(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	known := knownEnv()
	seen := map[string]string{} // name → a file that reads it
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "node_modules" || n == "testdata" || strings.HasPrefix(n, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		names, err := readsEnv(path)
		for _, n := range names {
			seen[n] = path
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, must := range []string{"MEMSVC_RECALL_RERANK", "MEMSVC_URL", "MEMSVC_BIN", "MEMSVC_LOAD_SECONDS"} {
		if _, ok := seen[must]; !ok {
			t.Errorf("the scan missed %s: it no longer sees what it should check", must)
		}
	}
	for n, path := range seen {
		if _, ok := slices.BinarySearch(known, n); !ok {
			t.Errorf("%s reads %s, which knownEnv lacks: memsvc would warn that it is ignored", path, n)
		}
	}
}

// readsEnv is the MEMSVC_* names the file at path reads, by its kind.
func readsEnv(path string) ([]string, error) {
	base := filepath.Base(path)
	var re *regexp.Regexp
	switch {
	case strings.HasSuffix(base, "_test.go"):
		re = testReads
	case strings.HasSuffix(base, ".go"):
		return goLiteralNames(path)
	case base == "Makefile" || slices.Contains([]string{".sh", ".mjs", ".js", ".ts", ".json"}, filepath.Ext(base)):
		re = harnessReads
	default:
		return nil, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		name := m[1]
		if name == "" && len(m) > 2 {
			name = m[2]
		}
		names = append(names, name)
	}
	return names, nil
}

// goLiteralNames is the MEMSVC_* names in the string literals of a Go file.
func goLiteralNames(path string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if v, err := strconv.Unquote(lit.Value); err == nil {
				names = append(names, literalNames.FindAllString(v, -1)...)
			}
		}
		return true
	})
	return names, nil
}
