package service_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// saidStep is one request of a said-order case: received hours after the
// case's start, about words said saidH hours after it (nil: the client gave
// no time). A text starting "note: " is a plain add, else one user turn.
type saidStep struct {
	text   string
	recvH  float64
	saidH  *float64
	events func(res []engine.WriteResult, current map[string]*engine.Memory) string // "" when the results are right
}

func at(h float64) *float64 { return &h }

// saidOrderCase: after the steps, each of current is in exactly the active
// facts, each of history only in superseded ones; windows, when set, checks
// the validity windows by fact text.
type saidOrderCase struct {
	name             string
	steps            []saidStep
	current, history []string
	windows          func(all []*engine.Memory, start time.Time) string
}

var saidOrderCases = []saidOrderCase{
	{name: "words repeated after a change are current again",
		steps: []saidStep{{text: "I live in Lisbon.", recvH: 24, saidH: at(24)}, {text: "I live in Porto.", recvH: 48, saidH: at(48)},
			{text: "I live in Lisbon.", recvH: 72, saidH: at(72)}},
		current: []string{"Lisbon"}, history: []string{"Porto"}},
	{name: "a late older note without an episode goes to history",
		steps: []saidStep{{text: "note: The staging DB is on port 5432.", recvH: 0, saidH: at(0)},
			{text: "note: The staging DB is on port 6543.", recvH: 216, saidH: at(216)},
			{text: "note: The staging DB is on port 7777.", recvH: 240, saidH: at(96), events: lateIsNone}},
		current: []string{"6543"}, history: []string{"5432", "7777"}},
	{name: "a late older turn goes to history",
		steps: []saidStep{{text: "The staging DB is on port 5432.", recvH: 0, saidH: at(0)},
			{text: "The staging DB is on port 6543.", recvH: 216, saidH: at(216)},
			{text: "The staging DB is on port 7777.", recvH: 240, saidH: at(96)}},
		current: []string{"6543"}, history: []string{"5432", "7777"}},
	{name: "a turn stamped ahead of the server does not outrank later words",
		steps:   []saidStep{{text: "I live in Lisbon.", recvH: 0, saidH: at(20)}, {text: "I live in Porto.", recvH: 1}},
		current: []string{"Porto"}, history: []string{"Lisbon"}},
	{name: "minutes of skew do not outrank a note without a time",
		steps:   []saidStep{{text: "I live in Lisbon.", recvH: 0, saidH: at(0.05)}, {text: "note: I live in Porto.", recvH: 0.02}},
		current: []string{"Porto"}, history: []string{"Lisbon"}},
	{name: "a value said between two others narrows the first one's window",
		steps: []saidStep{{text: "I live in Lisbon.", recvH: 0, saidH: at(0)}, {text: "I live in Porto.", recvH: 216, saidH: at(216)},
			{text: "I live in Madrid.", recvH: 240, saidH: at(96), events: noAdd}},
		current: []string{"Porto"}, history: []string{"Lisbon", "Madrid"},
		windows: func(all []*engine.Memory, start time.Time) string {
			return checkWindows(all, map[string][2]time.Time{
				"Lisbon": {start, start.Add(96 * time.Hour)}, "Madrid": {start.Add(96 * time.Hour), start.Add(216 * time.Hour)}})
		}},
}

// lateIsNone: the late fact is reported as NONE naming the current fact, not
// as a new current one.
func lateIsNone(res []engine.WriteResult, current map[string]*engine.Memory) string {
	for _, r := range res {
		if r.Episode {
			continue
		}
		if r.Event != engine.EventNone || current[r.ID] == nil {
			return fmt.Sprintf("late fact reported %s %q (id %s), want NONE with the current fact's id", r.Event, r.Text, r.ID)
		}
	}
	return noAdd(res, current)
}

// noAdd: no fact result says ADD.
func noAdd(res []engine.WriteResult, _ map[string]*engine.Memory) string {
	for _, r := range res {
		if !r.Episode && r.Event == engine.EventAdd {
			return fmt.Sprintf("late fact reported ADD %q: it is history", r.Text)
		}
	}
	return ""
}

func checkWindows(all []*engine.Memory, want map[string][2]time.Time) string {
	for _, m := range all {
		if m.IsEpisode() {
			continue
		}
		for word, w := range want {
			if !strings.Contains(m.Text, word) {
				continue
			}
			if !m.ValidFrom.Equal(w[0]) || m.ValidTo == nil || !m.ValidTo.Equal(w[1]) {
				return fmt.Sprintf("%q window [%v, %v], want [%v, %v]", m.Text, m.ValidFrom, m.ValidTo, w[0], w[1])
			}
		}
	}
	return ""
}

// TestSupersedeFollowsSaidOrder: which fact is current follows when the
// words were said (clamped to when the server heard them), not when they
// arrived, for turns, notes, repeats and clients whose clocks run ahead.
func TestSupersedeFollowsSaidOrder(t *testing.T) {
	for _, c := range saidOrderCases {
		t.Run(c.name, func(t *testing.T) {
			e, clock := newClockedEngine(t)
			start := *clock
			for i, s := range c.steps {
				*clock = start.Add(time.Duration(s.recvH * float64(time.Hour)))
				var said time.Time
				if s.saidH != nil {
					said = start.Add(time.Duration(*s.saidH * float64(time.Hour)))
				}
				res := sendSaid(t, e, s.text, said, i)
				if s.events != nil {
					if p := s.events(res, byID(listMemories(t, e, false))); p != "" {
						t.Errorf("step %d: %s", i, p)
					}
				}
			}
			active, all := listMemories(t, e, false), listMemories(t, e, true)
			for _, p := range checkSaidOrder(c, active, all) {
				t.Error(p)
			}
			if c.windows != nil {
				if p := c.windows(all, start); p != "" {
					t.Error(p)
				}
			}
			if t.Failed() {
				for _, m := range all {
					t.Logf("%s %q from %v to %v", m.State, m.Text, m.ValidFrom, m.ValidTo)
				}
			}
		})
	}
}

func sendSaid(t *testing.T, e interface {
	Note(context.Context, string, engine.AddRequest) ([]engine.WriteResult, error)
	AddConversation(context.Context, string, engine.ConversationRequest) (*engine.ConversationResult, error)
}, text string, said time.Time, i int) []engine.WriteResult {
	t.Helper()
	ctx := context.Background()
	if note, ok := strings.CutPrefix(text, "note: "); ok {
		res, err := e.Note(ctx, "u", engine.AddRequest{Text: note, Timestamp: said})
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		return res
	}
	msg := engine.Message{Role: "user", Content: text, ID: fmt.Sprintf("m%d", i), CreatedAt: said}
	res, err := e.AddConversation(ctx, "u", engine.ConversationRequest{Messages: []engine.Message{msg}})
	if err != nil {
		t.Fatalf("step %d: %v", i, err)
	}
	if res.NoFactsExtracted {
		t.Errorf("step %d: no_facts_extracted though it was stored", i)
	}
	return res.Results
}

func byID(ms []*engine.Memory) map[string]*engine.Memory {
	out := map[string]*engine.Memory{}
	for _, m := range ms {
		out[m.ID] = m
	}
	return out
}

func checkSaidOrder(c saidOrderCase, active, all []*engine.Memory) []string {
	var problems []string
	holds := func(ms []*engine.Memory, word, state string) bool {
		for _, m := range ms {
			if !m.IsEpisode() && m.State == state && strings.Contains(m.Text, word) {
				return true
			}
		}
		return false
	}
	for _, w := range c.current {
		if !holds(active, w, engine.StateActive) {
			problems = append(problems, fmt.Sprintf("no active fact holds %q", w))
		}
	}
	for _, w := range c.history {
		if holds(active, w, engine.StateActive) {
			problems = append(problems, fmt.Sprintf("%q is still current", w))
		}
		if !holds(all, w, engine.StateSuperseded) {
			problems = append(problems, fmt.Sprintf("%q is not kept in history", w))
		}
	}
	return problems
}

// newClockedEngine is a real Badger engine with the built-in extractor and
// a clock the test moves: the server's "now" when a request arrives.
func newClockedEngine(t *testing.T) (*service.Engine, *time.Time) {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	return e, &clock
}

// chainTurn is one dated user turn of a late-values case: said on day of
// March 2025.
type chainTurn struct {
	city string
	day  int
}

// TestSupersedeLateValuesChain: several values of one thing arriving late,
// in any order, each find their place in the chain by when they were said:
// windows never overlap, each value is superseded by the one said next, and
// the one said last stays current.
func TestSupersedeLateValuesChain(t *testing.T) {
	lisbon, berlin := chainTurn{"Lisbon", 1}, chainTurn{"Berlin", 10}
	porto, madrid, vienna := chainTurn{"Porto", 5}, chainTurn{"Madrid", 3}, chainTurn{"Vienna", 7}
	for _, late := range [][]chainTurn{{porto, madrid}, {madrid, porto}, {porto, madrid, vienna},
		{vienna, madrid, porto}, {madrid, vienna, porto}, {vienna, porto, madrid}} {
		var name []string
		for _, c := range late {
			name = append(name, c.city)
		}
		t.Run(strings.Join(name, "-"), func(t *testing.T) {
			e, clock := newClockedEngine(t)
			*clock = time.Date(2025, 3, 20, 12, 0, 0, 0, time.UTC)
			turns := append([]chainTurn{lisbon, berlin}, late...)
			for i, c := range turns {
				text := "I moved to " + c.city + "."
				if i == 0 {
					text = "I live in " + c.city + "."
				}
				msg := engine.Message{Role: "user", Content: text, ID: fmt.Sprintf("c%d", i),
					CreatedAt: time.Date(2025, 3, c.day, 9, 0, 0, 0, time.UTC)}
				if _, err := e.AddConversation(context.Background(), "u",
					engine.ConversationRequest{Messages: []engine.Message{msg}, SessionID: "s"}); err != nil {
					t.Fatal(err)
				}
			}
			all := listMemories(t, e, true)
			checkChain(t, all, turns)
			if t.Failed() {
				for _, m := range all {
					t.Logf("%s %s %q from %v to %v by %v supersedes %v", m.ID, m.State, m.Text, m.ValidFrom, m.ValidTo, deref(m.SupersededBy), m.Supersedes)
				}
			}
		})
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// checkChain checks the facts of turns read in said order: each holds from
// its day until the next one's, superseded by it and listed in its
// supersedes; the last one is current.
func checkChain(t *testing.T, all []*engine.Memory, turns []chainTurn) {
	t.Helper()
	said := slices.Clone(turns)
	slices.SortFunc(said, func(a, b chainTurn) int { return a.day - b.day })
	facts := make([]*engine.Memory, len(said))
	for i, c := range said {
		facts[i] = factSaying(t, all, c.city)
	}
	for i, f := range facts {
		from := time.Date(2025, 3, said[i].day, 9, 0, 0, 0, time.UTC)
		if !f.ValidFrom.Equal(from) {
			t.Errorf("%q holds from %v, want %v", f.Text, f.ValidFrom, from)
		}
		if i == len(facts)-1 {
			if f.State != engine.StateActive || f.ValidTo != nil {
				t.Errorf("the value said last %q is %s until %v, want current", f.Text, f.State, f.ValidTo)
			}
			continue
		}
		next := facts[i+1]
		if f.State != engine.StateSuperseded || f.ValidTo == nil || !f.ValidTo.Equal(next.ValidFrom) {
			t.Errorf("%q is %s until %v, want superseded until %v", f.Text, f.State, f.ValidTo, next.ValidFrom)
		}
		if deref(f.SupersededBy) != next.ID || !slices.Contains(next.Supersedes, f.ID) {
			t.Errorf("%q superseded by %q, want %q (%s) listing it (lists %v)", f.Text, deref(f.SupersededBy), next.Text, next.ID, next.Supersedes)
		}
		for _, other := range facts[i+2:] {
			if slices.Contains(other.Supersedes, f.ID) {
				t.Errorf("%q still lists %q, which the value between them closed", other.Text, f.Text)
			}
		}
	}
}

// TestSupersedeByIDStampedAhead: an explicit supersede whose timestamp is
// ahead of the server's clock holds from now, as an add does, not from the
// future: the old fact ends now and the new one is current at once.
func TestSupersedeByIDStampedAhead(t *testing.T) {
	e, clock := newClockedEngine(t)
	ctx := context.Background()
	res, err := e.Add(ctx, "u", []engine.AddRequest{{Text: "The build server runs Ubuntu 22.04."}})
	if err != nil {
		t.Fatal(err)
	}
	*clock = clock.Add(time.Hour)
	now := *clock
	if _, err := e.Supersede(ctx, "u", []string{res[0].ID}, engine.AddRequest{Text: "The build server runs Ubuntu 24.04.",
		Timestamp: now.Add(engine.MaxSaidAhead / 2)}); err != nil {
		t.Fatal(err)
	}
	for _, m := range listMemories(t, e, true) {
		switch {
		case strings.Contains(m.Text, "24.04") && (!m.ValidFrom.Equal(now) || m.State != engine.StateActive):
			t.Errorf("the new fact is %s from %v, want active from now %v", m.State, m.ValidFrom, now)
		case strings.Contains(m.Text, "22.04") && (m.ValidTo == nil || !m.ValidTo.Equal(now)):
			t.Errorf("the old fact holds until %v, want until now %v", m.ValidTo, now)
		}
	}
}
