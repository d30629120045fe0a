package index

import (
	"fmt"
	"math"
	"sync"
	"testing"
)

// bm25 is one term's BM25 contribution written out, for hand computation.
func bm25(idf, tf, length, avgLen, k1, b float64) float64 {
	return idf * tf * (k1 + 1) / (tf + k1*(1-b+b*length/avgLen))
}

// A session a, b, c and a lone memory d; decay 0.5 for the turn next door.
// Terms: a = [x y], b = [z], c = [w w], d = [x].
func passageShard() *Shard {
	s := NewShard(2)
	s.Upsert(row("a", "s", 1), nil, []string{"x", "y"})
	s.Upsert(row("b", "s", 2), nil, []string{"z"})
	s.Upsert(row("c", "s", 3), nil, []string{"w", "w"})
	s.Upsert(row("d", "", 4), nil, []string{"x"})
	return s
}

func TestPassageSearchHandComputed(t *testing.T) {
	s := passageShard()
	const k1, b = 1.2, 0.75
	// Passages add their neighbours at half weight: a = 2 + 1/2, b = 1 +
	// (2+2)/2, c = 2 + 1/2, d = 1, averaging 9/4. x occurs in 2 of 4 turns:
	// idf = ln(1 + 2.5/2.5) = ln 2.
	idf, avg := math.Log(2), 9.0/4
	want := map[string]float64{
		"d": bm25(idf, 1, 1, avg, k1, b),             // no session: its own passage
		"a": bm25(idf, 1, 2+0.5*1, avg, k1, b),       // own x; b next door (length 1)
		"b": bm25(idf, 0.5, 1+0.5*(2+2), avg, k1, b), // x from a, half counted
	} // c: b is its only neighbour, and neither has x
	got := s.PassageSearch([]string{"x"}, nil, []float64{0.5}, k1, b, nil, 10)
	if len(got) != len(want) {
		t.Fatalf("PassageSearch = %+v, want d, a, b", got)
	}
	for i, id := range []string{"d", "a", "b"} {
		if got[i].ID != id || math.Abs(got[i].Score-want[id]) > 1e-12 {
			t.Errorf("hit %d = %+v, want %s scoring %v", i, got[i], id, want[id])
		}
	}
}

// A passage covering more of the query's terms beats one repeating a term:
// term frequency saturates, coverage adds up.
func TestPassageSearchRewardsCoverage(t *testing.T) {
	s := NewShard(2)
	s.Upsert(row("q", "s1", 1), nil, []string{"trip", "research"})  // the question setting the topic
	s.Upsert(row("ans", "s1", 2), nil, []string{"town", "midwest"}) // the answer, none of the query's terms
	s.Upsert(row("rep", "s2", 3), nil, []string{"town", "town"})
	s.Upsert(row("other", "s2", 4), nil, []string{"bake"})
	got := s.PassageSearch([]string{"research", "town"}, nil, []float64{0.8}, 1.2, 0.4, nil, 10)
	rank := map[string]int{}
	for i, h := range got {
		rank[h.ID] = i + 1
	}
	if rank["ans"] == 0 || rank["rep"] == 0 || rank["ans"] > rank["rep"] {
		t.Fatalf("PassageSearch = %+v, want the answer above the repetition", got)
	}
}

func TestPassageSearchFollowsRemovesAndFilters(t *testing.T) {
	s := passageShard()
	ids := func(hits []Hit) (out []string) {
		for _, h := range hits {
			out = append(out, h.ID)
		}
		return out
	}
	// Without b, a and c are neighbours: c's passage reaches a's x.
	s.Remove("b")
	got := ids(s.PassageSearch([]string{"x"}, nil, []float64{0.5}, 1.2, 0.75, nil, 10))
	if len(got) != 3 || got[2] != "c" {
		t.Errorf("after removing b: %v, want c last", got)
	}
	// keep filters the passages returned, not the context they read.
	got = ids(s.PassageSearch([]string{"x"}, nil, []float64{0.5}, 1.2, 0.75, func(r *Row) bool { return r.ID == "c" }, 10))
	if len(got) != 1 || got[0] != "c" {
		t.Errorf("kept c only: %v", got)
	}
	// Two turns each way: the second neighbour counts decay².
	s.Upsert(row("e", "s", 5), nil, []string{"v"})
	got = ids(s.PassageSearch([]string{"x"}, nil, []float64{0.5, 0.25}, 1.2, 0.75, nil, 10))
	if len(got) != 4 || got[3] != "e" {
		t.Errorf("span 2: %v, want e reached from a, two turns away", got)
	}
	if got := s.PassageSearch([]string{"absent"}, nil, []float64{0.5}, 1.2, 0.75, nil, 10); len(got) != 0 {
		t.Errorf("unknown term found %+v", got)
	}
}

// Searches share the layout while writes replace it; run with -race.
func TestPassageSearchConcurrentWithWrites(t *testing.T) {
	s := passageShard()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				if g == 0 {
					s.Upsert(row(fmt.Sprintf("n%d", i), "s", 10+i), nil, []string{"x", "n"})
					continue
				}
				if got := s.PassageSearch([]string{"x"}, nil, []float64{0.5}, 1.2, 0.75, nil, 5); len(got) == 0 {
					t.Error("a search during writes found nothing")
					return
				}
			}
		}()
	}
	wg.Wait()
}

// A write between refreshing the session order and building the layout
// leaves that layout stale: it must not be kept for later searches.
func TestPassageLayoutFromStaleSessionsIsNotKept(t *testing.T) {
	s := passageShard()
	s.freshSessions()
	s.Upsert(row("e", "s", 5), nil, []string{"v"}) // lands in the gap
	s.mu.RLock()
	l := s.layout([]float64{0.5}, 1.2, 0.75)
	kept := s.passages == l
	s.mu.RUnlock()
	if kept {
		t.Fatal("a layout built from a stale session order was cached")
	}
	got := s.PassageSearch([]string{"v"}, nil, []float64{0.5}, 1.2, 0.75, nil, 10)
	if len(got) != 2 || got[1].ID != "c" {
		t.Errorf("PassageSearch(v) = %+v, want e, then its new neighbour c", got)
	}
}

// Filtering only the passages that can still enter the top k returns what
// filtering every passage and then cutting to k does: over many sessions,
// a filter rejecting a share of the best and every limit up to the total.
func TestPassageSearchFilterLateSameAsFilterAll(t *testing.T) {
	s := NewShard(2)
	words := []string{"x", "y", "z", "w"}
	for i := range 300 {
		terms := []string{words[i%4], words[(i*7)%4]}
		if i%5 == 0 {
			terms = append(terms, "x")
		}
		session := fmt.Sprintf("s%d", i%11)
		if i%13 == 0 {
			session = "" // a lone memory
		}
		s.Upsert(row(fmt.Sprintf("m%03d", i), session, i), nil, terms)
	}
	keep := func(r *Row) bool { return r.ID[len(r.ID)-1]%3 != 0 }
	decay := []float64{0.8, 0.64}
	all := s.PassageSearch([]string{"x", "z"}, nil, decay, 1.2, 0.4, nil, 1000)
	var want []Hit
	for _, h := range all {
		if keep(&Row{ID: h.ID}) {
			want = append(want, h)
		}
	}
	for _, limit := range []int{1, 5, 20, 100, len(want), len(want) + 5} {
		got := s.PassageSearch([]string{"x", "z"}, nil, decay, 1.2, 0.4, keep, limit)
		w := want[:min(limit, len(want))]
		if len(got) != len(w) {
			t.Fatalf("limit %d: %d hits, want %d", limit, len(got), len(w))
		}
		for i := range w {
			if got[i] != w[i] {
				t.Fatalf("limit %d, hit %d = %+v, want %+v", limit, i, got[i], w[i])
			}
		}
	}
}

// A neighbour in the turn's own burst (same speaker, no one between)
// counts burstShare of its decay; the other speaker's turns count in full.
// Session: ann a [x], ann b [y], bob c [z]; decay 0.5 for the turn next door.
func TestPassageSearchBurstNeighbourCountsLess(t *testing.T) {
	s := NewShard(2)
	for i, turn := range []struct{ id, speaker, term string }{{"a", "ann", "x"}, {"b", "ann", "y"}, {"c", "bob", "z"}} {
		r := row(turn.id, "s", i+1)
		r.Speaker = turn.speaker
		s.Upsert(r, nil, []string{turn.term})
	}
	const k1, b, decay = 1.2, 0.75, 0.5
	inBurst := 0.25 // decay × burstShare (0.5), written out so the test pins it
	// Passage lengths: a = 1 + inBurst, b = 1 + inBurst + decay, c = 1 + decay.
	lenA, lenB, lenC := 1+inBurst, 1+inBurst+decay, 1+decay
	avg := (lenA + lenB + lenC) / 3
	idf := IDF(3, 1)
	cases := []struct {
		name, term string
		want       map[string]float64
	}{
		{"burst neighbour shares less", "x", map[string]float64{
			"a": bm25(idf, 1, lenA, avg, k1, b), "b": bm25(idf, inBurst, lenB, avg, k1, b)}},
		{"other speaker counts in full", "z", map[string]float64{
			"c": bm25(idf, 1, lenC, avg, k1, b), "b": bm25(idf, decay, lenB, avg, k1, b)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := s.PassageSearch([]string{tc.term}, nil, []float64{decay}, k1, b, nil, 10)
			if len(got) != len(tc.want) {
				t.Fatalf("PassageSearch(%s) = %+v, want %v", tc.term, got, tc.want)
			}
			for _, h := range got {
				if w, ok := tc.want[h.ID]; !ok || math.Abs(h.Score-w) > 1e-12 {
					t.Errorf("%s scores %v, want %v", h.ID, h.Score, tc.want[h.ID])
				}
			}
		})
	}
}
