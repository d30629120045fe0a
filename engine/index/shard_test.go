package index

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func row(id, session string, minute int) Row {
	return Row{ID: id, SessionID: session, State: "active", CreatedAt: time.Unix(int64(minute*60), 0)}
}

func TestSearchTopKAndFilter(t *testing.T) {
	s := NewShard(2)
	s.Upsert(row("a", "", 1), []float32{1, 0}, nil)
	s.Upsert(row("b", "", 2), []float32{0.7, 0.7}, nil)
	s.Upsert(row("c", "", 3), []float32{0, 2}, nil) // normalised on the way in
	s.Upsert(row("d", "", 4), nil, nil)             // no vector: never a vector hit
	got := s.Search([]float32{0, 1}, 2, nil)
	if len(got) != 2 || got[0].ID != "c" || got[1].ID != "b" {
		t.Fatalf("Search = %+v, want c then b", got)
	}
	if got[0].Score < 0.999 || got[0].Score > 1.001 {
		t.Errorf("cosine of equal directions = %v, want 1", got[0].Score)
	}
	got = s.Search([]float32{0, 1}, 10, func(r *Row) bool { return r.ID != "c" })
	if len(got) != 2 || got[0].ID != "b" {
		t.Errorf("filtered Search = %+v", got)
	}
	if got := s.Search([]float32{1}, 3, nil); got != nil {
		t.Errorf("wrong dimension query answered: %+v", got)
	}
}

func TestSearchTiesBreakByID(t *testing.T) {
	s := NewShard(2)
	for _, id := range []string{"z", "m", "a"} {
		s.Upsert(row(id, "", 1), []float32{1, 1}, nil)
	}
	got := s.Search([]float32{1, 1}, 2, nil)
	if got[0].ID != "a" || got[1].ID != "m" {
		t.Errorf("ties = %+v, want a, m", got)
	}
}

func TestRemoveKeepsRowsAndVectorsAligned(t *testing.T) {
	s := NewShard(2)
	s.Upsert(row("a", "", 1), []float32{1, 0}, nil)
	s.Upsert(row("b", "", 2), []float32{0, 1}, nil)
	s.Upsert(row("c", "", 3), []float32{1, 1}, nil)
	s.Remove("a") // c moves into a's slot
	if _, ok := s.Get("a"); ok || s.Len() != 2 {
		t.Fatalf("a still present or wrong length %d", s.Len())
	}
	got := s.Search([]float32{1, 1}, 1, nil)
	if got[0].ID != "c" || got[0].Score < 0.999 {
		t.Errorf("moved row lost its vector: %+v", got)
	}
	s.Upsert(Row{ID: "c", State: "superseded"}, nil, nil) // keeps the vector it has
	if r, _ := s.Get("c"); !r.HasVector || r.State != "superseded" {
		t.Errorf("metadata update dropped the vector: %+v", r)
	}
}

func TestFilterWindowNewestFirst(t *testing.T) {
	s := NewShard(1)
	for i, id := range []string{"a", "b", "c", "d", "e"} {
		s.Upsert(row(id, "", i), nil, nil)
	}
	total, ids := s.Filter(nil, 1, 2)
	if total != 5 || !cmp.Equal(ids, []string{"d", "c"}) {
		t.Errorf("Filter window = %d %v, want 5 [d c]", total, ids)
	}
	total, ids = s.Filter(func(r *Row) bool { return r.ID != "d" }, 0, 10)
	if total != 4 || !cmp.Equal(ids, []string{"e", "c", "b", "a"}) {
		t.Errorf("filtered = %d %v", total, ids)
	}
}

func TestNeighboursFollowSessionOrder(t *testing.T) {
	s := NewShard(1)
	s.Upsert(row("s1-a", "s1", 1), nil, nil)
	s.Upsert(row("s2-a", "s2", 2), nil, nil)
	s.Upsert(row("s1-b", "s1", 3), nil, nil)
	s.Upsert(row("s1-c", "s1", 4), nil, nil)
	s.Upsert(row("solo", "", 5), nil, nil)
	got := s.Neighbours([]string{"s1-b", "s1-a", "s2-a", "solo"}, 2)
	want := map[string]Adjacent{
		"s1-b": {Before: []string{"s1-a"}, After: []string{"s1-c"}},
		"s1-a": {After: []string{"s1-b", "s1-c"}},
		"s2-a": {},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Neighbours (-want +got):\n%s", diff)
	}
	s.Remove("s1-b")
	if got := s.Neighbours([]string{"s1-a"}, 1); !cmp.Equal(got["s1-a"].After, []string{"s1-c"}) {
		t.Errorf("after remove: %+v", got)
	}
}

func TestRegistryRetriesFailedLoads(t *testing.T) {
	calls := 0
	r := NewRegistry(2, func(ctx context.Context, user string, s *Shard) error {
		calls++
		if calls == 1 {
			return errors.New("disk hiccup")
		}
		s.Upsert(row("x", "", 1), nil, nil)
		return nil
	}, 0)
	if _, err := r.Shard(context.Background(), "u"); err == nil {
		t.Fatal("failed load not reported")
	}
	s, err := r.Shard(context.Background(), "u")
	if err != nil || s.Len() != 1 {
		t.Fatalf("retry: %v, len %d", err, s.Len())
	}
	if s2, _ := r.Shard(context.Background(), "u"); s2 != s || calls != 2 {
		t.Errorf("loaded twice: calls %d", calls)
	}
}

func TestTextSearchHandComputedBM25(t *testing.T) {
	// Three documents of lengths 2, 4 and 6 (avgdl 4). "cat" occurs in d1
	// (tf 1) and d2 (tf 2); "dog" in d3 (tf 1).
	s := NewShard(1)
	s.Upsert(row("d1", "", 1), nil, []string{"cat", "x"})
	s.Upsert(row("d2", "", 2), nil, []string{"cat", "cat", "y", "z"})
	s.Upsert(row("d3", "", 3), nil, []string{"dog", "a", "b", "c", "d", "e"})
	k1, b := 1.2, 0.75
	idfCat := math.Log(1 + (3-2+0.5)/(2+0.5))
	idfDog := math.Log(1 + (3-1+0.5)/(1+0.5))
	d1 := idfCat * 1 * 2.2 / (1 + 1.2*(0.25+0.75*0.5))
	d2 := idfCat * 2 * 2.2 / (2 + 1.2)
	d3 := idfDog * 1 * 2.2 / (1 + 1.2*(0.25+0.75*1.5))
	want := []Hit{{"d3", d3}, {"d2", d2}, {"d1", d1}}
	got := s.TextSearch([]string{"cat", "dog"}, nil, k1, b, nil, 10)
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Errorf("TextSearch (-want +got):\n%s", diff)
	}
	if !(d3 > d2 && d2 > d1) {
		t.Fatalf("hand-computed order wrong: %v %v %v", d1, d2, d3)
	}
	if got := s.TextSearch([]string{"cat", "dog"}, nil, k1, b, nil, 1); len(got) != 1 || got[0].ID != "d3" {
		t.Errorf("limit 1 = %+v", got)
	}
	got = s.TextSearch([]string{"cat"}, map[string]float64{"cat": 2}, k1, b, func(r *Row) bool { return r.ID != "d2" }, 10)
	if len(got) != 1 || got[0].ID != "d1" || math.Abs(got[0].Score-2*d1) > 1e-12 {
		t.Errorf("weighted, filtered = %+v", got)
	}
}

func TestTextIndexFollowsRewritesAndRemoves(t *testing.T) {
	s := NewShard(1)
	for i := range 3000 { // enough churn to trigger compaction
		id := "m" + string(rune('a'+i%3))
		s.Upsert(row(id, "", i), nil, []string{"old", "word"})
		s.Upsert(row(id, "", i), nil, []string{"new"})
	}
	if got := s.TextSearch([]string{"old", "word"}, nil, 1.2, 0.75, nil, 10); len(got) != 0 {
		t.Errorf("stale postings found: %+v", got)
	}
	if got := s.TextSearch([]string{"new"}, nil, 1.2, 0.75, nil, 10); len(got) != 3 {
		t.Errorf("new postings = %+v", got)
	}
	s.Remove("ma")
	got := s.TextSearch([]string{"new"}, nil, 1.2, 0.75, nil, 10)
	if len(got) != 2 {
		t.Errorf("after remove = %+v", got)
	}
	if !cmp.Equal(s.MatchAll([]string{"new"}), map[string]bool{"mb": true, "mc": true}) {
		t.Errorf("MatchAll = %v", s.MatchAll([]string{"new"}))
	}
}

func TestSpeakersFollowUpsertsAndRemoves(t *testing.T) {
	s := NewShard(1)
	withSpeaker := func(id, speaker string) Row {
		r := row(id, "s", 1)
		r.Speaker = speaker
		return r
	}
	s.Upsert(withSpeaker("a", "anna"), nil, nil)
	s.Upsert(withSpeaker("b", "anna"), nil, nil)
	s.Upsert(withSpeaker("c", "ben"), nil, nil)
	s.Upsert(withSpeaker("d", ""), nil, nil)
	if got := s.Speakers(); !cmp.Equal(got, []string{"anna", "ben"}) {
		t.Fatalf("Speakers = %v", got)
	}
	s.Upsert(withSpeaker("c", "cleo"), nil, nil) // a rewrite moves the count
	s.Remove("a")
	if got := s.Speakers(); !cmp.Equal(got, []string{"anna", "cleo"}) {
		t.Fatalf("after rewrite and one remove: Speakers = %v", got)
	}
	s.Remove("b")
	if got := s.Speakers(); !cmp.Equal(got, []string{"cleo"}) {
		t.Errorf("after the last of anna's rows: Speakers = %v", got)
	}
}

// A shard large enough to be scanned in parts returns what one sequential
// scan does, filter and ties included (few distinct vectors: many ties).
func TestSearchInPartsMatchesSequential(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: no parts")
	}
	s := NewShard(4)
	for i := range 3 * minScanPart {
		s.Upsert(row(fmt.Sprintf("m%06d", i), "", i), []float32{float32(i % 7), float32(i % 5), 1, float32(i % 3)}, nil)
	}
	keep := func(r *Row) bool { return r.ID[len(r.ID)-1] != '3' }
	for _, k := range []int{1, 10, 50, 500} {
		q := []float32{1, 2, 0.5, float32(k % 3)}
		got := s.Search(q, k, keep)
		top := NewTopK(k)
		s.scan(newQuery(q), s.vectorPlane(), 0, s.Len(), keep, top)
		if want := top.Sorted(); !slices.Equal(got, want) || len(got) != k {
			t.Fatalf("k=%d: Search = %v…, want %v…", k, got[:min(3, len(got))], want[:min(3, len(want))])
		}
	}
}
