package index

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// clusteredShard is a shard of n rows of dim dimensions around a hundred
// random centres, as memories gather around topics; centres returns them.
func clusteredShard(n, dim int, rng *rand.Rand) (*Shard, [][]float32) {
	centres := make([][]float32, 100)
	for c := range centres {
		centres[c] = noisy(make([]float32, dim), 1, rng)
	}
	s := NewShard(dim)
	for i := range n {
		s.Upsert(Row{ID: fmt.Sprintf("m%06d", i), State: "active"}, noisy(centres[i%len(centres)], 0.6, rng), nil)
	}
	return s, centres
}

// noisy is v plus Gaussian noise of deviation sd in every dimension.
func noisy(v []float32, sd float64, rng *rand.Rand) []float32 {
	out := make([]float32, len(v))
	for j := range v {
		out[j] = v[j] + float32(rng.NormFloat64()*sd)
	}
	return out
}

// overlap is the share of want's ids that got holds.
func overlap(got, want []Hit) float64 {
	n := 0
	for _, h := range want {
		if slices.ContainsFunc(got, func(g Hit) bool { return g.ID == h.ID }) {
			n++
		}
	}
	return float64(n) / float64(max(len(want), 1))
}

// Above approxFrom rows Search reads the lists nearest the query: its hits
// are the exact scan's, each with the exact score, bar the few the probed
// lists miss; below it Search is the exact scan.
func TestApproxSearchNearExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	s, centres := clusteredShard(approxFrom+500, 64, rng)
	var sum float64
	const queries, k = 100, 50
	for i := range queries {
		q := noisy(centres[i%len(centres)], 0.6, rng)
		got, want := s.Search(q, k, nil), s.SearchExact(q, k, nil)
		if len(got) != k {
			t.Fatalf("query %d: %d hits, want %d", i, len(got), k)
		}
		for _, h := range got {
			if !slices.ContainsFunc(want, func(w Hit) bool { return w == h }) && h.Score > want[k-1].Score {
				t.Fatalf("query %d: hit %v outscores the exact top's last %v but is not in it", i, h, want[k-1])
			}
		}
		sum += overlap(got, want)
	}
	if mean := sum / queries; mean < 0.99 {
		t.Errorf("mean overlap with the exact top %d = %.4f, want ≥ 0.99", k, mean)
	}
	small, _ := clusteredShard(approxFrom-1, 64, rng)
	for i := range 20 {
		q := noisy(centres[i], 0.6, rng)
		if got, want := small.Search(q, k, nil), small.SearchExact(q, k, nil); !slices.Equal(got, want) {
			t.Fatalf("below approxFrom, query %d: Search %v…, exact %v…", i, got[:3], want[:3])
		}
	}
}

// A filter that leaves the probed lists short of k hits gets the exact
// scan's: a narrow filter's rows are anywhere.
func TestApproxSearchNarrowFilterIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	s, centres := clusteredShard(approxFrom+500, 64, rng)
	keep := func(r *Row) bool { return r.ID[len(r.ID)-2:] == "07" } // one row in 100
	for i := range 10 {
		q := noisy(centres[i], 0.6, rng)
		got, want := s.Search(q, 50, keep), s.SearchExact(q, 50, keep)
		if !slices.Equal(got, want) {
			t.Fatalf("query %d: Search %v…, exact %v…", i, got[:min(3, len(got))], want[:min(3, len(want))])
		}
	}
}

// Writes after the inverted file was built keep it whole: every row with a
// vector in exactly the list its entry names, rows moved by a removal
// renamed, replaced vectors moved, and a new row found by its own vector.
func TestApproxIndexFollowsWrites(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	s, centres := clusteredShard(approxFrom+500, 64, rng)
	s.Search(centres[0], 10, nil) // builds the inverted file
	if s.ivf == nil {
		t.Fatal("no inverted file after a search of a large shard")
	}
	for i := range 300 {
		switch i % 3 {
		case 0:
			s.Remove(fmt.Sprintf("m%06d", rng.IntN(approxFrom)))
		case 1:
			s.Upsert(Row{ID: fmt.Sprintf("m%06d", rng.IntN(approxFrom)), State: "active"}, noisy(centres[i%100], 0.6, rng), nil)
		default:
			s.Upsert(Row{ID: fmt.Sprintf("n%06d", i), State: "active"}, nil, nil) // no vector
		}
	}
	v := noisy(centres[3], 0.6, rng)
	s.Upsert(Row{ID: "new", State: "active"}, v, nil)
	if hits := s.Search(v, 1, nil); len(hits) != 1 || hits[0].ID != "new" {
		t.Errorf("a new row searched by its own vector: %v", hits)
	}
	checkLists(t, s)
}

// checkLists checks that s's inverted file lists each row with a vector
// once, in the list of its entry, and no other row.
func checkLists(t *testing.T, s *Shard) {
	t.Helper()
	ix := s.ivf
	if len(ix.of) != len(s.rows) {
		t.Fatalf("%d list entries for %d rows", len(ix.of), len(s.rows))
	}
	seen := make([]int, len(s.rows))
	for c, l := range ix.lists {
		for _, i := range l {
			if ix.of[i] != int32(c) {
				t.Fatalf("row %d in list %d, its entry says %d", i, c, ix.of[i])
			}
			seen[i]++
		}
	}
	for i := range s.rows {
		if want := map[bool]int{true: 1}[hasVector(s.scales, s.rows, i)]; seen[i] != want {
			t.Fatalf("row %d (%s) listed %d times, want %d", i, s.rows[i].ID, seen[i], want)
		}
	}
}

// Searches that race to build the inverted file, and writes beside them,
// leave it whole (run with -race).
func TestApproxIndexConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	s, centres := clusteredShard(approxFrom+100, 64, rng)
	var wg sync.WaitGroup
	for g := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				s.Search(centres[(g*20+i)%len(centres)], 10, nil)
				s.Bytes()
			}
		}()
	}
	for i := range 50 {
		s.Upsert(Row{ID: fmt.Sprintf("w%03d", i), State: "active"}, centres[i], nil)
		s.Remove(fmt.Sprintf("m%06d", i))
	}
	wg.Wait()
	s.Search(centres[0], 10, nil) // built by now, whichever came first
	checkLists(t, s)
}
