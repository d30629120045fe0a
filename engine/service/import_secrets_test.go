package service_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/redact"
	"github.com/memsvc/memsvc/engine/service"
)

// exportEdited exports src and hands each memory record to edit before it
// is written back: an export as a store written before a check was added
// would have made it.
func exportEdited(t *testing.T, src *service.Engine, edit func(m *engine.Memory)) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	if err := src.Export(context.Background(), &buf, nil); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	sc := bufio.NewScanner(&buf)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var rec engine.ExportRecord
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Kind == "memory" {
			edit(rec.Memory)
			b, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			line = b
		}
		out.Write(line)
		out.WriteByte('\n')
	}
	return &out
}

// TestImportRedactsMetadataSecrets: an export made before metadata was
// redacted brings no secret back: its metadata passes through the
// redaction a write's does (a value under a secret's key, a key by its
// shape inside a value), and the ordinary values stay as they were.
func TestImportRedactsMetadataSecrets(t *testing.T) {
	ctx := context.Background()
	const leaked = "Wq7-plover-31-Zr81Qm4v"
	src, _ := opsEngine(t, 0)
	addTexts(t, src, "u", "the staging database moved to the new cluster")
	file := exportEdited(t, src, func(m *engine.Memory) {
		m.Metadata = map[string]any{"db_password": leaked, "host": "db.internal",
			"note": "rotate AKIAIOSFODNN7EXAMPLE soon", "api_key": map[string]any{"prod": leaked}}
	})
	dst, _ := opsEngine(t, 0)
	if _, err := dst.Import(ctx, file); err != nil {
		t.Fatal(err)
	}
	page, err := dst.List(ctx, "u", engine.ListFilter{Page: 1, Size: 10})
	if err != nil || len(page.Items) != 1 {
		t.Fatalf("list: %v, %d items, want 1", err, len(page.Items))
	}
	md := page.Items[0].Metadata
	b, _ := json.Marshal(md)
	if strings.Contains(string(b), leaked) || strings.Contains(string(b), "AKIAIOSFODNN7EXAMPLE") {
		t.Errorf("imported metadata %s holds the export's secrets", b)
	}
	if md["db_password"] != redact.Marker || md["host"] != "db.internal" || md["note"] != "rotate "+redact.Marker+" soon" {
		t.Errorf("imported metadata %s: want db_password redacted, host kept, the key in note redacted", b)
	}
}

// TestImportRefusesWhatWritesRefuse: a memory whose tag, session id or
// metadata key holds a secret, or whose metadata has an empty key, is
// refused on import as a write is, naming the line and the field and
// echoing no secret; nothing of the file is written.
func TestImportRefusesWhatWritesRefuse(t *testing.T) {
	ctx := context.Background()
	const secret = "Tr0ub4dor&3-Qz"
	for _, tt := range []struct {
		name, field string
		edit        func(m *engine.Memory)
	}{
		{"tag", "tags[0]", func(m *engine.Memory) { m.Tags = []string{"password=" + secret} }},
		{"session id", "session_id", func(m *engine.Memory) { m.SessionID = "password=" + secret }},
		{"metadata key", "metadata", func(m *engine.Memory) { m.Metadata = map[string]any{"password=" + secret: "x"} }},
		{"empty metadata key", "metadata", func(m *engine.Memory) { m.Metadata = map[string]any{"": "x"} }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src, _ := opsEngine(t, 0)
			addTexts(t, src, "u", "the staging database moved to the new cluster")
			file := exportEdited(t, src, tt.edit)
			dst, _ := opsEngine(t, 0)
			_, err := dst.Import(ctx, file)
			msg := engine.ErrorMessage(err)
			if err == nil || engine.ErrorCode(err) != engine.EInvalid || !strings.Contains(msg, "export line") ||
				!strings.Contains(msg, tt.field) || strings.Contains(msg, secret) {
				t.Fatalf("import = %v, want invalid_request naming the line and %s, without the secret", err, tt.field)
			}
			page, err := dst.List(ctx, "u", engine.ListFilter{Page: 1, Size: 10})
			if err != nil || len(page.Items) != 0 {
				t.Errorf("after the refusal the store lists %d memories (%v), want none", len(page.Items), err)
			}
		})
	}
}
