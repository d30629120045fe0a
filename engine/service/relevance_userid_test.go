package service_test

import (
	"context"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestQueryNamingTheUserByID: with auth off a client names its user by id
// ("where does alice live", searched as user "alice"). That word is the
// user, as "user" is, not an absent name that marks the query as about
// someone else, so the user's memory is relevant however the id is
// written; another name the store never mentions still is absent. The id
// still counts as a word when a memory of the user holds it, and the
// auth-off default id ("default") never stands for the user.
func TestQueryNamingTheUserByID(t *testing.T) {
	const lives, cats = "User lives in Lisbon", "User has two cats, Tofu and Miso"
	eng := newServedEngine(t)
	addTexts(t, eng, "alice", lives, "User works as a nurse on night shifts", cats)
	addTexts(t, eng, "dev", lives, "The dev database is Postgres 16 on port 5433")
	addTexts(t, eng, "default", lives, "User works as a nurse on night shifts")
	for _, c := range []struct {
		user, query, want string
		self              bool // the query's id word is the user: the memory covers the whole query
		relevant          bool
	}{
		{"alice", "where does alice live", lives, true, true},
		{"alice", "Where does Alice live?", lives, true, true},
		{"alice", "what about Alice's cats?", cats, true, true},
		{"alice", "where does Bob live?", lives, false, false},
		{"dev", "where does dev live", lives, false, false}, // "dev" is a word of the user's memories
		{"default", "where does default live", lives, false, false},
	} {
		m := lookup(t, eng, c.user, c.query, c.want)
		if self := m.Match.QueryCover == 1; self != c.self || m.Relevant != c.relevant {
			t.Errorf("user %q, %q: %q scored %.3f (cover %.3f), relevant %v; want whole cover %v, relevant %v",
				c.user, c.query, c.want, m.Score, m.Match.QueryCover, m.Relevant, c.self, c.relevant)
		}
	}
}

// lookup searches as user and returns the hit whose text is want.
func lookup(t *testing.T, eng interface {
	Search(context.Context, string, engine.Query) (*engine.SearchResult, error)
}, user, query, want string) engine.Scored {
	t.Helper()
	res, err := eng.Search(context.Background(), user, engine.Query{Text: query, TopK: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Results {
		if r.Text == want {
			return r
		}
	}
	t.Fatalf("user %q, %q: %q not among the results", user, query, want)
	return engine.Scored{}
}
