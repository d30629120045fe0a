package memories

import (
	"fmt"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// BenchmarkListKeepsContent walks 10,000 rows, each with three tags and
// five metadata entries, through the list's row filter with a tag, a
// metadata key and a metadata value: what a filtered list page costs
// beyond reading its 20 records.
func BenchmarkListKeepsContent(b *testing.B) {
	s := index.NewShard(4)
	for i := range 10_000 {
		md := map[string]any{"batch": float64(i / 500), "source": "import", "owner": fmt.Sprintf("owner-%d", i%13),
			"reviewed": i%2 == 0, "note": fmt.Sprintf("entry %d was checked against the printed register", i)}
		s.Upsert(index.Row{ID: fmt.Sprintf("m%05d", i), State: engine.StateActive, CreatedAt: time.Unix(int64(i), 0),
			Tags: []string{fmt.Sprintf("t%d", i%7), fmt.Sprintf("u%d", i%11), "shared"}, Meta: engine.MetaHashes(md)}, nil, nil)
	}
	for _, c := range []struct {
		name string
		f    engine.ContentFilter
	}{
		{"tag", engine.ContentFilter{Tag: "U3"}},
		{"meta-key", engine.ParseMetaFilter("owner")},
		{"meta-value", engine.ParseMetaFilter("owner=OWNER-7")},
	} {
		f := engine.ListFilter{Page: 1, Size: 20, Content: c.f}
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				if total, _ := s.Filter(func(r *index.Row) bool { return ListKeeps(r, &f) }, 20, 20); total == 0 {
					b.Fatal("nothing kept")
				}
			}
		})
	}
}
