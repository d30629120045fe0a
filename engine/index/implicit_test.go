package index

import (
	"slices"
	"testing"
	"time"
)

// TestImplicitConversations: memories without a session id said within the
// gap of each other (per app and project) are neighbours; a silence longer
// than the gap ends the conversation; a memory alone is standalone, and so
// are one speaker's memories said together (notes, not a dialogue); an
// unlabelled memory inside a dialogue is part of it; an explicit session id
// wins; gap ≤ 0 turns it off.
func TestImplicitConversations(t *testing.T) {
	t0 := time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)
	at := func(min int) time.Time { return t0.Add(time.Duration(min) * time.Minute) }
	rows := []Row{
		{ID: "a1", ValidFrom: at(0), Speaker: "ann"},
		{ID: "a3", ValidFrom: at(50), Speaker: "bob"},  // said after a2, stored before it
		{ID: "a2", ValidFrom: at(20)},                  // no label: still part of the dialogue
		{ID: "b1", ValidFrom: at(200), Speaker: "bob"}, // more than an hour later: a new conversation
		{ID: "b2", ValidFrom: at(230), Speaker: "ann"},
		{ID: "alone", ValidFrom: at(600), Speaker: "ann"},
		{ID: "note1", ValidFrom: at(900), Speaker: "user"}, // one speaker's notes: no dialogue
		{ID: "note2", ValidFrom: at(901), Speaker: "user"},
		{ID: "note3", ValidFrom: at(902)},
		{ID: "explicit", SessionID: "s1", ValidFrom: at(25)},
		{ID: "other-project", Project: "p", ValidFrom: at(30)},
		{ID: "fact", Anchor: "a2", ValidFrom: at(20)},
	}
	for gapName, gap := range map[string]time.Duration{"on": time.Hour, "off": -1} {
		t.Run(gapName, func(t *testing.T) {
			s := NewShard(2)
			s.SetConversationGap(gap)
			for i, r := range rows {
				r.CreatedAt = t0.Add(time.Duration(i) * time.Second)
				s.Upsert(r, nil, []string{"w"})
			}
			got := s.Turns([]string{"a1", "a2", "a3", "b1", "b2", "alone", "note1", "note2", "note3", "explicit", "other-project", "fact"}, 2)
			want := map[string]Adjacent{
				"a1": {After: []string{"a2", "a3"}},
				"a2": {Before: []string{"a1"}, After: []string{"a3"}},
				"a3": {Before: []string{"a2", "a1"}},
				"b1": {After: []string{"b2"}},
				"b2": {Before: []string{"b1"}},
				// explicit: alone in session s1 (empty), not in the stream
				"explicit": {},
			}
			if gap <= 0 {
				want = map[string]Adjacent{"explicit": {}}
			}
			for id, w := range want {
				g := got[id]
				if !slices.Equal(g.Before, w.Before) || !slices.Equal(g.After, w.After) {
					t.Errorf("%s: neighbours %+v, want %+v", id, g, w)
				}
			}
			for _, id := range []string{"alone", "note1", "note2", "note3", "other-project", "fact"} {
				if g, ok := got[id]; ok && (len(g.Before) > 0 || len(g.After) > 0) {
					t.Errorf("%s is standalone, has neighbours %+v", id, g)
				}
			}
			// Moving a2 out by giving it a session id relinks a1 and a3.
			if gap > 0 {
				r, _ := s.Get("a2")
				r.SessionID = "s1"
				s.Upsert(r, nil, nil)
				if g := s.Turns([]string{"a1"}, 1)["a1"]; !slices.Equal(g.After, []string{"a3"}) {
					t.Errorf("after a2 left: a1 neighbours %+v, want a3 after", g)
				}
			}
		})
	}
}

func TestNeighboursExplicitOnly(t *testing.T) {
	s := NewShard(2)
	s.SetConversationGap(time.Hour)
	t0 := time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)
	s.Upsert(Row{ID: "a", ValidFrom: t0}, nil, []string{"w"})
	s.Upsert(Row{ID: "b", ValidFrom: t0.Add(time.Minute)}, nil, []string{"w"})
	if got := s.Neighbours([]string{"a"}, 1); len(got["a"].After) != 0 {
		t.Errorf("spread neighbours of an implicit conversation: %+v, want none", got)
	}
}

// TestConversations: turns of one explicit session or one implicit
// conversation share a key, different conversations have different keys,
// and a standalone memory or a fact has none.
func TestConversations(t *testing.T) {
	t0 := time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)
	at := func(min int) time.Time { return t0.Add(time.Duration(min) * time.Minute) }
	s := NewShard(2)
	s.SetConversationGap(time.Hour)
	for i, r := range []Row{
		{ID: "s1a", SessionID: "s1", ValidFrom: at(0)},
		{ID: "s1b", SessionID: "s1", ValidFrom: at(1)},
		{ID: "s2a", SessionID: "s2", ValidFrom: at(2)},
		{ID: "i1", ValidFrom: at(0), Speaker: "ann"},
		{ID: "i2", ValidFrom: at(5), Speaker: "bob"},
		{ID: "j1", ValidFrom: at(300), Speaker: "ann"}, // hours later: another conversation
		{ID: "j2", ValidFrom: at(301), Speaker: "bob"},
		{ID: "alone", ValidFrom: at(900), Speaker: "ann"},
		{ID: "fact", Anchor: "i1", ValidFrom: at(0)},
	} {
		r.CreatedAt = t0.Add(time.Duration(i) * time.Second)
		s.Upsert(r, nil, []string{"w"})
	}
	got := s.Conversations([]string{"s1a", "s1b", "s2a", "i1", "i2", "j1", "j2", "alone", "fact", "missing"})
	same := [][2]string{{"s1a", "s1b"}, {"i1", "i2"}, {"j1", "j2"}}
	for _, p := range same {
		if got[p[0]] == "" || got[p[0]] != got[p[1]] {
			t.Errorf("%s and %s: keys %q and %q, want one conversation", p[0], p[1], got[p[0]], got[p[1]])
		}
	}
	if keys := map[string]bool{got["s1a"]: true, got["s2a"]: true, got["i1"]: true, got["j1"]: true}; len(keys) != 4 {
		t.Errorf("conversations share keys: %v", got)
	}
	for _, id := range []string{"alone", "fact", "missing"} {
		if k, ok := got[id]; ok {
			t.Errorf("%s: key %q, want none", id, k)
		}
	}
}
