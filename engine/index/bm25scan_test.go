package index

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"syscall"
	"testing"
	"time"
)

// scanShard is a shard of n turns in sessions of 20 over a vocabulary
// where some terms are everywhere and some rare, as in real chat: the
// skipping has common terms to skip and rare ones that decide the top.
// Every third row is filtered out by scanKeep; a few are removed.
func scanShard(n int) *Shard {
	rng := rand.New(rand.NewPCG(7, 11))
	s := NewShard(2)
	for i := range n {
		terms := []string{"common"}
		for range 1 + rng.IntN(6) {
			terms = append(terms, fmt.Sprintf("w%d", int(rng.ExpFloat64()*40)))
		}
		r := row(fmt.Sprintf("m%05d", i), fmt.Sprintf("s%d", i/20), i)
		if i%3 == 0 {
			r.State = "superseded"
		}
		s.Upsert(r, nil, terms)
	}
	for i := 0; i < n; i += 37 {
		s.Remove(fmt.Sprintf("m%05d", i))
	}
	return s
}

func scanKeep(r *Row) bool { return r.State == "active" }

// TestBM25ScanSkippingIsExact: skipping terms for documents that cannot
// enter the top gives the exhaustive scan's hits, scores equal to the bit,
// for plain and passage BM25, weighted terms, with and without a filter,
// and it does skip.
func TestBM25ScanSkippingIsExact(t *testing.T) {
	s := scanShard(3000)
	s.freshSessions()
	rng := rand.New(rand.NewPCG(3, 5))
	skipped := 0
	for q := range 200 {
		terms := []string{"common"}
		for range 1 + rng.IntN(8) {
			terms = append(terms, fmt.Sprintf("w%d", int(rng.ExpFloat64()*40)))
		}
		weights := map[string]float64{terms[len(terms)-1]: 0.3}
		var keep func(*Row) bool
		if q%2 == 0 {
			keep = scanKeep
		}
		limit := 1 + rng.IntN(60)
		for _, view := range []string{"text", "passage"} {
			run := func(exhaustive bool) ([]Hit, int) {
				s.mu.RLock()
				defer s.mu.RUnlock()
				var c *bm25Scan
				var scan []termScan
				if view == "text" {
					c, scan = s.textScan(terms, weights, 1.2, 0.75)
				} else {
					c, scan = s.passageScan(terms, nil, []float64{0.8, 0.64, 0.512}, 1.2, 0.75)
				}
				c.exhaustive = exhaustive
				return c.run(scan, keep, limit), c.skipped
			}
			want, _ := run(true)
			got, n := run(false)
			skipped += n
			if !slices.Equal(got, want) {
				t.Fatalf("query %d %v, %s view, limit %d:\n got %v\nwant %v", q, terms, view, limit, got, want)
			}
		}
	}
	if skipped == 0 {
		t.Fatal("no query skipped a term: the test checks nothing")
	}
}

// BenchmarkBM25Scan compares the exhaustive scan with the skipping one on
// 100k turns in sessions, plain and passage BM25, queries of a few rare
// and a few common terms and one term every turn has.
//
//	go test -run '^$' -bench BM25Scan -benchtime 200x ./engine/index/
func BenchmarkBM25Scan(b *testing.B) {
	s := scanShard(100_000)
	s.freshSessions()
	rng := rand.New(rand.NewPCG(9, 9))
	queries := make([][]string, 64)
	for i := range queries {
		queries[i] = []string{"common"}
		for range 4 + rng.IntN(5) {
			queries[i] = append(queries[i], fmt.Sprintf("w%d", int(rng.ExpFloat64()*40)))
		}
	}
	for _, view := range []string{"text", "passage"} {
		for _, exhaustive := range []bool{true, false} {
			b.Run(fmt.Sprintf("%s/exhaustive=%v", view, exhaustive), func(b *testing.B) {
				b.ReportAllocs()
				defer reportCPU(b)()
				for i := range b.N {
					s.mu.RLock()
					var c *bm25Scan
					var scan []termScan
					if view == "text" {
						c, scan = s.textScan(queries[i%len(queries)], nil, 1.2, 0.4)
					} else {
						c, scan = s.passageScan(queries[i%len(queries)], nil, []float64{0.8, 0.64, 0.512}, 1.2, 0.4)
					}
					c.exhaustive = exhaustive
					c.run(scan, scanKeep, 50)
					s.mu.RUnlock()
				}
			})
		}
	}
}

// reportCPU reports the process's CPU time per op (user + system, GC
// included) from its call to the call of the function it returns: on a
// shared machine wall-clock time measures the neighbours too.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() { b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op") }
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestPostingListsKeepTheirLargestTF: the bound's largest tf, kept as
// postings are added, is the largest in the list (retired postings
// included, as reading the list gave) through rewrites, removes and the
// compaction they trigger.
func TestPostingListsKeepTheirLargestTF(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 3))
	s := NewShard(2)
	compacted := false
	for i := range 6000 {
		var terms []string
		for range 1 + rng.IntN(8) {
			terms = append(terms, fmt.Sprintf("w%d", rng.IntN(30)))
		}
		id := fmt.Sprintf("m%d", rng.IntN(800))
		before := s.text.retired
		if i%5 == 0 {
			s.Remove(id)
		} else {
			s.Upsert(row(id, "", i), nil, terms)
		}
		compacted = compacted || s.text.retired < before
	}
	if !compacted {
		t.Fatal("no compaction: the test does not reach it")
	}
	for term, pl := range s.text.postings {
		var want uint32
		for _, p := range pl.list {
			want = max(want, p.tf)
		}
		if pl.maxTF != want {
			t.Errorf("%s: maxTF %d, largest tf in the list %d", term, pl.maxTF, want)
		}
	}
}
