package ingest

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadingsDecideAsFresh: decisions that share one Readings across many
// facts, in any order, are the decisions Decide makes reading afresh, for
// slots, duplicates, amounts, negations and corrections alike.
func TestReadingsDecideAsFresh(t *testing.T) {
	pool := []string{
		"User lives in Porto", "User lives in Madrid now", "User does not live in Porto",
		"User has 2 cats", "User has three cats now", "User has two cats and a dog",
		"User likes green tea", "User likes green tea from Japan", "User used to like green tea",
		"The build server listens on port 9000", "The build server listens on port 9100 now",
		"User's brother works as a welder", "User works as a welder", "User stopped working as a welder",
		"User runs the linter with make lint", "User runs the linter with golangci-lint now, not make lint",
		"User is going to Oslo in May 2026", "User is going to Bergen in May 2026 instead",
	}
	cands := func(skip int) []Candidate {
		var out []Candidate
		for i, s := range pool {
			if i != skip {
				out = append(out, Candidate{ID: s, Text: s, Similarity: 0.7})
			}
		}
		return out
	}
	shared := NewReadings()
	events := map[string]bool{}
	for _, order := range [][]int{forward(len(pool)), backward(len(pool))} {
		for _, i := range order {
			fact := pool[i]
			events[Decide(fact, nil, cands(i)).Event] = true
			if diff := cmp.Diff(Decide(fact, nil, cands(i)), shared.Decide(fact, nil, cands(i))); diff != "" {
				t.Errorf("Decide(%q) shared readings differ (-fresh +shared):\n%s", fact, diff)
			}
			if diff := cmp.Diff(DecideUpdate(fact, nil, cands(i)), shared.DecideUpdate(fact, nil, cands(i))); diff != "" {
				t.Errorf("DecideUpdate(%q) shared readings differ (-fresh +shared):\n%s", fact, diff)
			}
		}
	}
	if len(events) < 3 {
		t.Errorf("the pool decides only %v: too few kinds of decision to compare", events)
	}
	var none *Readings // nil reads afresh
	if diff := cmp.Diff(Decide(pool[1], nil, cands(1)), none.Decide(pool[1], nil, cands(1))); diff != "" {
		t.Errorf("nil Readings differ (-fresh +nil):\n%s", diff)
	}
}

func forward(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func backward(n int) []int {
	out := forward(n)
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// TestReadingsSameEpisodeAsFresh: episodes compared through one Readings, in
// either order and again, are judged as SameEpisode judges them afresh.
func TestReadingsSameEpisodeAsFresh(t *testing.T) {
	pool := []string{
		"Ruth: We repaint the shed every April.", "Ruth: we repaint the shed every april!",
		"Omar: We repaint the shed every April.", "Ruth: We repaint the garage every April.",
		"Ruth: Every April we repaint the shed, weather permitting.", "Ruth: ok", "",
	}
	shared := NewReadings()
	same := 0
	for range 2 {
		for _, a := range pool {
			for _, b := range pool {
				want := SameEpisode(a, b)
				if got := shared.SameEpisode(a, b); got != want {
					t.Errorf("SameEpisode(%q, %q) = %v with shared readings, %v afresh", a, b, got, want)
				}
				if got := (*Readings)(nil).SameEpisode(a, b); got != want {
					t.Errorf("SameEpisode(%q, %q) = %v with nil readings, %v afresh", a, b, got, want)
				}
				if want && a != b {
					same++
				}
			}
		}
	}
	if same == 0 {
		t.Error("no two different texts were the same episode: the cases test too little")
	}
}
