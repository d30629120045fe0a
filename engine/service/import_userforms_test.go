package service_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestImportComposesUserIDs: a store written before the edges composed
// user ids may hold one decomposed ("Jose" and a combining accent). Its
// export, imported, lands under the composed id, the one every edge now
// names, record and memory alike.
func TestImportComposesUserIDs(t *testing.T) {
	ctx := context.Background()
	const decomposed, composed = "Jose\u0301", "Jos\u00e9"
	src, _ := opsEngine(t, 0)
	addTexts(t, src, decomposed, "keeps the spare key under the flowerpot")
	var buf bytes.Buffer
	if err := src.Export(ctx, &buf, nil); err != nil {
		t.Fatal(err)
	}
	dst, _ := opsEngine(t, 0)
	if _, err := dst.Import(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	page, err := dst.List(ctx, composed, engine.ListFilter{Page: 1, Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Items) != 1 || page.Items[0].UserID != composed {
		t.Errorf("composed id lists %+v, want the one memory, filed under %q", page.Items, composed)
	}
}
