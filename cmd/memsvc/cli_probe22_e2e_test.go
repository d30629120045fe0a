package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCLIProbe22BenchDataNotADataset: `memsvc bench recall --data F` with
// a file that is no dataset (text, binary, JSON of another shape, a folder
// without JSON files) exited 1, the code of a run that failed, where an
// empty file or a folder given as LoCoMo is a usage error (2). Each is now
// exit 2 in one line naming the file and what is wrong, in JSON's terms
// (it said "cannot unmarshal number into Go value of type bench.object"),
// with the path once (it came twice for REALTALK).
func TestCLIProbe22BenchDataNotADataset(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	noJSON := filepath.Join(dir, "notes")
	if err := os.Mkdir(noJSON, 0o700); err != nil {
		t.Fatal(err)
	}
	file("notes/a.txt", "hello")
	cases := []struct {
		name, data, format, says string
	}{
		{"text as locomo", file("text.txt", "hello world\n"), "locomo", "invalid character"},
		{"text as realtalk", filepath.Join(dir, "text.txt"), "realtalk", "invalid character"},
		{"binary", file("bin.json", "\x00\x86\xff\x10garbage"), "locomo", "invalid character"},
		{"numbers as locomo", file("numbers.json", "[1,2]"), "locomo", "a JSON number at byte"},
		{"numbers as realtalk", filepath.Join(dir, "numbers.json"), "realtalk", "a JSON number at byte"},
		{"an object of another shape", file("object.json", `{"a":1}`), "locomo", "no conversation object"},
		{"a folder without JSON files", noJSON, "realtalk", "no *.json files"},
	}
	builtBinary(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runBinary(t, nil, "bench", "recall", "--data", c.data, "--format", c.format)
			if code != 2 || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and no report", code, stdout, stderr)
			}
			oneLineError(t, c.name, stderr)
			for _, want := range []string{"--data " + c.data + " is not a " + c.format + " dataset", c.says} {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr %q does not say %q", stderr, want)
				}
			}
			if strings.Count(stderr, c.data) != 1 || strings.Contains(stderr, "Go value") {
				t.Errorf("stderr %q: want the path once and no Go types", stderr)
			}
		})
	}
}

// TestCLIProbe22BenchCategoriesEmptyItem: --categories 1,,2 (or "1,", as
// an unset shell variable leaves "1,$C") dropped the empty item and ran on
// what was left, where REST refuses ?categories=a,,b. It is a usage error
// naming the flag; "1, 2" and "1 2" still list two categories.
func TestCLIProbe22BenchCategoriesEmptyItem(t *testing.T) {
	for _, v := range []string{"1,,2", "1,", ",1", "1, ,2"} {
		code, stdout, stderr := runBinary(t, nil, "bench", "recall", "--data", benchFixture, "--format", "locomo", "--categories", v)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "--categories") || !strings.Contains(stderr, "empty item") {
			t.Errorf("--categories %q: exit %d, stderr %q; want exit 2 naming the empty item", v, code, stderr)
		}
		oneLineError(t, v, stderr)
	}
	for _, v := range []string{"1, 2", "1 2"} {
		if got, err := parseCategories(v); err != nil || len(got) != 2 {
			t.Errorf("--categories %q: %v, %v; want two categories", v, got, err)
		}
	}
}
