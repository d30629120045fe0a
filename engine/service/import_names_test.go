package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestImportMendsNamesWrittenBeforeTheNameRule: an export of a store
// written before names with invisible characters were refused (a
// zero-width space in a tag, a no-break space in a session id, a BOM in a
// project) imports, its names cleaned to what they looked like; a
// look-alike word no cleaning can spell is still refused, naming its
// field.
func TestImportMendsNamesWrittenBeforeTheNameRule(t *testing.T) {
	ctx := context.Background()
	src, _ := opsEngine(t, 0)
	addTexts(t, src, "u", "the staging database moved to the new cluster")
	file := exportEdited(t, src, func(m *engine.Memory) {
		m.Tags = []string{"wo\u200brk", "ops"}
		m.SessionID = "sprint\u00a0one"
		m.Project = "\ufeffmemsvc"
	})
	dst, _ := opsEngine(t, 0)
	if _, err := dst.Import(ctx, file); err != nil {
		t.Fatalf("import of names written before the rule: %v", err)
	}
	page, err := dst.List(ctx, "u", engine.ListFilter{Page: 1, Size: 10})
	if err != nil || len(page.Items) != 1 {
		t.Fatalf("list: %v, %d items, want 1", err, len(page.Items))
	}
	m := page.Items[0]
	if !slices.Contains(m.Tags, "work") || m.SessionID != "sprint one" || m.Project != "memsvc" {
		t.Errorf("imported tags %q, session %q, project %q; want work, \"sprint one\", memsvc", m.Tags, m.SessionID, m.Project)
	}

	// A Cyrillic "о" inside a Latin word looks like "work" and cleans to nothing else.
	file = exportEdited(t, src, func(m *engine.Memory) { m.Project = "w\u043erk" })
	dst, _ = opsEngine(t, 0)
	_, err = dst.Import(ctx, file)
	if err == nil || engine.ErrorCode(err) != engine.EInvalid || !strings.Contains(engine.ErrorMessage(err), "project") {
		t.Fatalf("import of a look-alike project = %v, want invalid_request naming project", err)
	}
}
