package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// editedExport exports dir and writes a copy with edit applied to the
// first memory record: an export as a store written before a check was
// added would have made it.
func editedExport(t *testing.T, dir string, edit func(m map[string]any)) string {
	t.Helper()
	export := filepath.Join(t.TempDir(), "export.jsonl")
	if code, _, stderr := (probeCmd{}).run(t, "export", "--data", dir, "--out", export); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	f, err := os.Open(export)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	edited := false
	for sc.Scan() {
		line := sc.Text()
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if m, ok := rec["memory"].(map[string]any); ok && rec["kind"] == "memory" && !edited {
			edit(m)
			b, _ := json.Marshal(rec)
			line, edited = string(b), true
		}
		out.WriteString(line + "\n")
	}
	edited2 := filepath.Join(t.TempDir(), "edited.jsonl")
	if err := os.WriteFile(edited2, []byte(out.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return edited2
}

// TestCLIImportRedactsAsWritesDo: memsvc import took metadata as the file
// held it, so an export made before metadata was redacted brought its
// secrets back. Its metadata values are redacted as a write's are, and a
// tag holding a secret is refused as a write's is: exit 1 naming the line
// and the field, not echoing the secret, nothing imported.
func TestCLIImportRedactsAsWritesDo(t *testing.T) {
	const pw = "Wq7-plover-31-Zr81Qm4v"
	src := seededDataDir(t, 2)

	leaky := editedExport(t, src, func(m map[string]any) {
		m["metadata"] = map[string]any{"db_password": pw, "host": "db.internal"}
	})
	dst := filepath.Join(t.TempDir(), "d1")
	if code, _, stderr := (probeCmd{}).run(t, "import", "--in", leaky, "--data", dst); code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := (probeCmd{}).run(t, "export", "--data", dst)
	if code != 0 || strings.Contains(stdout, pw) || !strings.Contains(stdout, `"host":"db.internal"`) {
		t.Errorf("export after import: exit %d (%s); want the password gone and the host kept:\n%s", code, stderr, stdout)
	}

	tagged := editedExport(t, src, func(m map[string]any) { m["tags"] = []any{"password=" + pw} })
	dst2 := filepath.Join(t.TempDir(), "d2")
	code, _, stderr = (probeCmd{}).run(t, "import", "--in", tagged, "--data", dst2)
	oneLineError(t, "import", stderr)
	if code != 1 || !strings.Contains(stderr, "export line") || !strings.Contains(stderr, "tags[0]") ||
		!strings.Contains(stderr, "nothing was imported") || strings.Contains(stderr, pw) {
		t.Errorf("import of a tag holding a secret: exit %d, %s; want exit 1 naming the line and tags[0], not the secret", code, stderr)
	}
	if _, stdout, _ := (probeCmd{}).run(t, "export", "--data", dst2); strings.Contains(stdout, `"kind":"memory"`) {
		t.Errorf("a refused import wrote memories:\n%s", stdout)
	}
}
