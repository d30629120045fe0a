package search_test

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/service/search"
)

// In text and hybrid mode a memory that shares one word with the query
// scores below one holding the same share of the query's IDF mass in two
// words: the single shared word is what an unrelated chat line (or an
// unrelated prompt) most often has in common with a question. Vector mode
// reads no terms, so it changes nothing there.
func TestTextRelevanceReadsRestCover(t *testing.T) {
	s := index.NewShard(2)
	// "one" shares the rare "violin" with the query, "two" the commoner
	// "lesson" and "week"; fillers make those two commoner.
	s.Upsert(index.Row{ID: "one"}, nil, []string{"violin", "cat"})
	s.Upsert(index.Row{ID: "two"}, nil, []string{"lesson", "week"})
	for _, id := range []string{"f1", "f2", "f3", "f4", "f5", "f6"} {
		s.Upsert(index.Row{ID: id}, nil, []string{"lesson", "week", id})
	}
	m := s.Matches([]index.QueryTerm{{Forms: []string{"violin"}}, {Forms: []string{"lesson"}}, {Forms: []string{"week"}}, {Forms: []string{"teacher"}}}, nil, []string{"one", "two"})
	if m[0].RestCover != 0 || m[1].RestCover <= 0 {
		t.Fatalf("matches %+v: want no rest for one word, some for two", m)
	}
	// Equal covers, so only the rest can tell them apart.
	one, two := m[0], index.Match{QueryCover: m[0].QueryCover, RestCover: m[1].RestCover / m[1].QueryCover * m[0].QueryCover}
	for _, mode := range []string{engine.ModeText, engine.ModeHybrid} {
		if a, b := search.RelevanceFor(mode).Score(one), search.RelevanceFor(mode).Score(two); b-a < 0.03 {
			t.Errorf("%s mode: one word %.3f, the same cover in two words %.3f; want the two clearly higher", mode, a, b)
		}
	}
	vector := search.RelevanceFor(engine.ModeVector)
	if a, b := vector.Score(one), vector.Score(two); a != b {
		t.Errorf("vector mode: %.3f vs %.3f, want the rest ignored", a, b)
	}
}
