package postgres_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// raceCase is one race of two turns of one user against a fact an earlier
// turn stated: each turn is sent through its own engine at the same moment.
type raceCase struct {
	name  string
	base  string    // the turn that states the fact first
	turns [2]string // the racing turns; turns[1] is said later
	// current is the word the one current fact must hold: the later
	// turn's value, whichever replica commits first.
	current string
}

var raceCases = []raceCase{
	{"contradict", "I live in Lyon", [2]string{"I live in Porto now", "I live in Oslo now"}, "Oslo"},
	{"repeat", "I live in Lyon", [2]string{"I live in Porto now", "I live in Porto now"}, "Porto"},
}

// TestRacingTurnsAcrossReplicas: two replicas (and two writers on one
// replica) take, at the same moment, turns of one user that contradict or
// repeat one fact. Whatever order they commit in, exactly one fact about
// it stays current, the later-said one; every other is closed with its
// window; nothing is stored twice; every turn is kept as its episode.
func TestRacingTurnsAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	r := replicas(t, 2)
	forms := map[string][2]*service.Engine{"two replicas": {r[0], r[1]}, "one replica": {r[0], r[0]}}
	for form, engs := range forms {
		for _, way := range []string{"conversation", "add"} {
			for _, c := range raceCases {
				for round := range 10 {
					user := fmt.Sprintf("%s-%s-%s-%d", strings.ReplaceAll(form, " ", ""), way, c.name, round)
					// Alternate which replica gets the later turn.
					a, b := engs[round%2], engs[1-round%2]
					raceTurns(t, ctx, [2]*service.Engine{a, b}, user, way, c)
					checkRaceOutcome(t, r, user, c)
				}
			}
		}
	}
}

// raceTurns states c.base, then sends c.turns to engs at once, the later
// turn said one hour after the earlier, as conversation turns or as adds
// (POST /api/v1/memories with a timestamp).
func raceTurns(t *testing.T, ctx context.Context, engs [2]*service.Engine, user, way string, c raceCase) {
	t.Helper()
	t0 := time.Now().Add(-3 * time.Hour).UTC().Truncate(time.Second)
	say := func(eng *service.Engine, text string, at time.Time) error {
		if way == "add" { // infer on, the default of REST's add
			_, err := eng.Note(ctx, user, engine.AddRequest{Text: text, Timestamp: at})
			return err
		}
		_, err := eng.AddConversation(ctx, user, engine.ConversationRequest{Messages: []engine.Message{
			{Role: "user", Content: text, CreatedAt: at}}})
		return err
	}
	if err := say(engs[0], c.base, t0); err != nil {
		t.Fatal(err)
	}
	var errs [2]error
	atOnceFns(
		func() { errs[0] = say(engs[0], c.turns[0], t0.Add(time.Hour)) },
		func() { errs[1] = say(engs[1], c.turns[1], t0.Add(2*time.Hour)) },
	)
	for i, err := range errs {
		if err != nil {
			t.Errorf("%s: turn %d: %v", user, i, err)
		}
	}
}

// checkRaceOutcome checks, on every replica, the facts and episodes the
// race left for user.
func checkRaceOutcome(t *testing.T, r []*service.Engine, user string, c raceCase) {
	t.Helper()
	for i, eng := range r {
		all, err := eng.List(context.Background(), user, engine.ListFilter{Page: 1, Size: 100, IncludeSuperseded: true})
		if err != nil {
			t.Fatal(err)
		}
		var current, episodes []string
		var dump []string
		for _, m := range all.Items {
			dump = append(dump, fmt.Sprintf("%s %q valid %v..%v by %v", m.State, m.Text, m.ValidFrom, deref(m.ValidTo), deref(m.SupersededBy)))
			switch {
			case m.IsEpisode():
				episodes = append(episodes, m.Text)
			case m.State == engine.StateActive:
				current = append(current, m.Text)
			case m.ValidTo == nil || m.SupersededBy == nil || m.ExpiredAt == nil:
				t.Errorf("%s replica %d: closed fact %q has no full window", user, i, m.Text)
			}
		}
		if len(current) != 1 || !strings.Contains(current[0], c.current) {
			t.Errorf("%s replica %d: current facts %q, want one holding %q\n%s", user, i, current, c.current, strings.Join(dump, "\n"))
		}
		if want := 3; len(episodes) != want && !slices.Equal(c.turns[:1], c.turns[1:]) {
			t.Errorf("%s replica %d: %d episodes %q, want %d (one per turn)", user, i, len(episodes), episodes, want)
		}
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// BenchmarkRacingTurns measures a turn's write latency when two replicas
// take turns of one user that all restate one fact at once, each said at
// its own time: every write waits for the user's lock and decides which
// value is current by when the turns were said.
func BenchmarkRacingTurns(b *testing.B) {
	r := replicas(b, 2)
	ctx := context.Background()
	t0 := time.Now().Add(-24 * time.Hour).UTC()
	var n atomic.Int64
	b.SetParallelism(1) // with GOMAXPROCS goroutines: two replicas' worth on two cores
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			eng := r[i%2]
			_, err := eng.AddConversation(ctx, "u", engine.ConversationRequest{Messages: []engine.Message{
				{Role: "user", Content: fmt.Sprintf("I live in %s now", benchWords[i%int64(len(benchWords))]),
					CreatedAt: t0.Add(time.Duration(i) * time.Second)}}})
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}
