package service_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// withDocBefore returns export with line put before its end record.
func withDocBefore(t *testing.T, export []byte, line string) *bytes.Buffer {
	t.Helper()
	lines := strings.SplitAfter(strings.TrimRight(string(export), "\n"), "\n")
	var out bytes.Buffer
	for _, l := range lines[:len(lines)-1] {
		out.WriteString(l)
	}
	out.WriteString(line + "\n" + lines[len(lines)-1] + "\n")
	return &out
}

// TestImportRefusesUnreadableDocuments: a document record that does not
// decode as its collection's type (a hand-edited or damaged export) was
// written as it came, and from then on every read of it failed: the
// user's searches, deletes and history answered 500 until the store was
// rebuilt. It is refused naming its line, and nothing of the file is
// written; the untouched export still imports.
func TestImportRefusesUnreadableDocuments(t *testing.T) {
	ctx := context.Background()
	src, _ := opsEngine(t, 0)
	addTexts(t, src, "u", "the staging database moved to the new cluster")
	var export bytes.Buffer
	if err := src.Export(ctx, &export, nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, line, want string }{
		{"history events not a list", `{"kind":"doc","user":"u","collection":"history","id":"01M8GKVD003PR82PPHSD8HXDSX","doc":{"events":"boom"}}`, `collection "history"`},
		{"skill as an array", `{"kind":"doc","user":"u","collection":"skill","id":"s1","doc":[1,2,3]}`, `collection "skill"`},
		{"entity as a string", `{"kind":"doc","user":"u","collection":"entity","id":"e1","doc":"a string"}`, `collection "entity"`},
		{"entity link as a number", `{"kind":"doc","user":"u","collection":"entity_link","id":"e1","doc":7}`, `collection "entity_link"`},
		{"unknown job document", `{"kind":"doc","user":"u","collection":"job","id":"other","doc":{}}`, `holds no document "other"`},
		{"document missing", `{"kind":"doc","user":"u","collection":"carry","id":"k1"}`, `collection "carry"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dst, _ := opsEngine(t, 0)
			_, err := dst.CheckImport(ctx, withDocBefore(t, export.Bytes(), tt.line))
			if engine.ErrorCode(err) != engine.EInvalid || !strings.Contains(err.Error(), "export line ") || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("check import: %v; want invalid naming the line and %s", err, tt.want)
			}
			if _, err := dst.Import(ctx, withDocBefore(t, export.Bytes(), tt.line)); engine.ErrorCode(err) != engine.EInvalid {
				t.Fatalf("import: %v; want invalid", err)
			}
			if _, err := dst.Search(ctx, "u", engine.Query{Text: "staging database"}); err != nil {
				t.Fatalf("search after a refused import: %v", err)
			}
		})
	}
	dst, _ := opsEngine(t, 0)
	if _, err := dst.Import(ctx, bytes.NewReader(export.Bytes())); err != nil {
		t.Fatalf("the untouched export: %v", err)
	}
}
