package memories

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestConfirmContentDropsFalseMatches: a memory the rows' metadata hashes
// kept but whose record lacks the entry (a hash collision) is not shown,
// and the page's counts say so; a page without one is left as it is.
func TestConfirmContentDropsFalseMatches(t *testing.T) {
	match := &engine.Memory{ID: "a", Metadata: map[string]any{"k": "v"}}
	other := &engine.Memory{ID: "b", Metadata: map[string]any{"k": "w"}}
	c := engine.ParseMetaFilter("k=V")
	page := &engine.Page{Items: []*engine.Memory{match, other, match}, Total: 21, Page: 1, Size: 10, Pages: 3}
	confirmContent(page, c)
	if len(page.Items) != 2 || page.Items[0] != match || page.Items[1] != match || page.Total != 20 || page.Pages != 2 {
		t.Errorf("after confirming: %d items, total %d, pages %d; want 2 items, total 20, 2 pages", len(page.Items), page.Total, page.Pages)
	}
	all := &engine.Page{Items: []*engine.Memory{other}, Total: 1, Page: 1, Size: 10, Pages: 1}
	confirmContent(all, engine.ContentFilter{})
	if len(all.Items) != 1 || all.Total != 1 {
		t.Errorf("no filter: %d items, total %d; want the page as it was", len(all.Items), all.Total)
	}
}
