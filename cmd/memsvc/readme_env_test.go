package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readmeSettingRow matches a row of a README settings table whose first
// or second cell names a MEMSVC_* variable (`--addr` | `MEMSVC_ADDR` |…,
// or a hook's `MEMSVC_URL` |…); the cells are group 1.
var readmeSettingRow = regexp.MustCompile("(?m)^\\| ((?:[^|]*\\| )?[^|]*MEMSVC_[^|]*)\\|")

// TestREADMEListsEveryEnvVar diffs the variables README.md documents with
// those the code reads: every variable of a command's flags (as its
// --help lists it) and every hook variable appears in README.md, and
// every variable a README settings table gives is one memsvc reads (a
// renamed flag left its old name in the table, which an operator would
// set in vain). The benchmark's variables are documented by their rule,
// MEMSVC_BENCH_<NAME>, which the test checks instead of each name.
func TestREADMEListsEveryEnvVar(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for _, name := range flagEnvVars(t) {
		if rest, ok := strings.CutPrefix(name, "MEMSVC_BENCH_"); ok {
			if !strings.Contains(readme, "MEMSVC_BENCH_<NAME>") || strings.ToUpper(rest) != rest {
				t.Errorf("%s: bench variables are documented as MEMSVC_BENCH_<NAME>, which README.md must say", name)
			}
			continue
		}
		if !strings.Contains(readme, name) {
			t.Errorf("%s is read by a command's flag but README.md never names it", name)
		}
	}
	for _, name := range otherEnv() {
		if slices.Contains(strings.Fields(harnessEnv), name) {
			continue // test harnesses' own, documented with them
		}
		if !strings.Contains(readme, name) && !strings.Contains(readme, "…"+strings.TrimPrefix(name, "MEMSVC_HOOK")) {
			t.Errorf("hook variable %s: README.md never names it", name)
		}
	}
	known := knownEnv()
	rows := readmeSettingRow.FindAllStringSubmatch(readme, -1)
	if len(rows) < 50 {
		t.Fatalf("found %d settings rows in README.md; the pattern no longer matches its tables", len(rows))
	}
	for _, row := range rows {
		for _, name := range literalNames.FindAllString(row[1], -1) {
			if _, ok := slices.BinarySearch(known, name); !ok {
				t.Errorf("README.md documents %s (%q), which no part of memsvc reads", name, strings.TrimSpace(row[1]))
			}
		}
	}
}

// flagEnvVars is the variables each command's --help lists for its flags.
func flagEnvVars(t *testing.T) []string {
	var names []string
	for _, cmd := range strings.Split(configCommands, ", ") {
		var help bytes.Buffer
		if code := Main(context.Background(), append(strings.Fields(cmd), "--help"), IO{Stdout: &help, Stderr: io.Discard}); code != 0 {
			t.Fatalf("%s --help: exit %d", cmd, code)
		}
		for _, m := range helpEnv.FindAllStringSubmatch(help.String(), -1) {
			names = append(names, m[1])
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}
