package service_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestListByTagAndMetadata: the content filter combines with the index
// filters and the text filter, counts every match and pages newest first.
func TestListByTagAndMetadata(t *testing.T) {
	ctx := context.Background()
	e, _, _ := newEngine(t, t.TempDir())
	var reqs []engine.AddRequest
	for i := 0; i < 7; i++ {
		r := engine.AddRequest{Text: fmt.Sprintf("Reading list entry %d", i), Project: "books"}
		if i%2 == 0 {
			r.Tags = []string{"fiction"}
			r.Metadata = map[string]any{"shelf": float64(i % 4)}
		}
		reqs = append(reqs, r)
	}
	reqs = append(reqs, engine.AddRequest{Text: "Reading glasses are on the desk", Tags: []string{"fiction"}, Project: "home"})
	for _, r := range reqs {
		add(t, e, "u", r) // one at a time: newest first is the reverse of this order
	}
	for _, tt := range []struct {
		name  string
		f     engine.ListFilter
		total int
		first string
	}{
		{"tag", engine.ListFilter{Content: engine.ContentFilter{Tag: "Fiction"}}, 5, "Reading glasses are on the desk"},
		{"tag and project", engine.ListFilter{Project: "books", Content: engine.ContentFilter{Tag: "fiction"}}, 4, "Reading list entry 6"},
		{"meta key", engine.ListFilter{Content: engine.ParseMetaFilter("shelf")}, 4, "Reading list entry 6"},
		{"meta value", engine.ListFilter{Content: engine.ParseMetaFilter("shelf=2")}, 2, "Reading list entry 6"},
		{"second page", engine.ListFilter{Page: 2, Size: 3, Content: engine.ParseMetaFilter("shelf")}, 4, "Reading list entry 0"},
		{"with text", engine.ListFilter{SearchQuery: "glasses", Content: engine.ContentFilter{Tag: "fiction"}}, 1, "Reading glasses are on the desk"},
		{"nothing", engine.ListFilter{Content: engine.ParseMetaFilter("shelf=9")}, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.f.Page == 0 {
				tt.f.Page, tt.f.Size = 1, 20
			}
			p, err := e.List(ctx, "u", tt.f)
			if err != nil {
				t.Fatal(err)
			}
			if p.Total != tt.total || p.Pages != (tt.total+tt.f.Size-1)/tt.f.Size {
				t.Errorf("total %d pages %d, want %d matches", p.Total, p.Pages, tt.total)
			}
			if first := ""; len(p.Items) > 0 {
				first = p.Items[0].Text
				if first != tt.first {
					t.Errorf("first item %q, want %q", first, tt.first)
				}
			} else if tt.first != "" {
				t.Errorf("no items, want %q first", tt.first)
			}
		})
	}
	if _, err := e.List(ctx, "u", engine.ListFilter{Page: 1, Size: 20, Content: engine.ParseMetaFilter("=2")}); engine.ErrorCode(err) != engine.EInvalid {
		t.Errorf("meta with no key: %v, want invalid", err)
	}
}
