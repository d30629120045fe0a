package service_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// BenchmarkListByContent lists one page of 10,000 memories, each with
// three tags and five metadata entries, filtered by tag, metadata key and
// metadata value (the dashboard's list filter), and logs the shard's
// accounted bytes per memory.
//
//	go test -run '^$' -bench ListByContent -benchtime 200x ./engine/service/
func BenchmarkListByContent(b *testing.B) {
	const n = 10_000
	eng, _ := openBench(b, true)
	ctx := context.Background()
	for done := 0; done < n; {
		var reqs []engine.AddRequest
		for i := done; i < min(done+500, n); i++ {
			reqs = append(reqs, engine.AddRequest{Text: fmt.Sprintf("Entry %d of the catalogue, shelf %d", i, i%40),
				Tags: []string{fmt.Sprintf("t%d", i%7), fmt.Sprintf("u%d", i%11), "shared"},
				Metadata: map[string]any{"batch": float64(i / 500), "source": "import", "owner": fmt.Sprintf("owner-%d", i%13),
					"reviewed": i%2 == 0, "note": fmt.Sprintf("entry %d was checked against the printed register", i)}})
		}
		if _, err := eng.Add(ctx, benchUser, reqs); err != nil {
			b.Fatal(err)
		}
		done += len(reqs)
	}
	b.Logf("%d memories: the shard accounts %d B a memory", n, eng.CacheStats().Bytes/n)
	for _, c := range []struct {
		name string
		f    engine.ContentFilter
	}{
		{"tag", engine.ContentFilter{Tag: "U3"}},
		{"meta-key", engine.ParseMetaFilter("owner")},
		{"meta-value", engine.ParseMetaFilter("owner=OWNER-7")},
	} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				p, err := eng.List(ctx, benchUser, engine.ListFilter{Page: 2, Size: 20, Content: c.f})
				if err != nil || p.Total == 0 || len(p.Items) != 20 {
					b.Fatalf("%+v: %v", p, err)
				}
			}
		})
	}
}
