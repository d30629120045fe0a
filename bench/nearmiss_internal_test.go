package bench

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNearMissCount checks each class of a near miss on a conversation of
// three sessions, top k = 10.
func TestNearMissCount(t *testing.T) {
	session := map[string]int{}
	for _, s := range []struct {
		n     int
		turns []string
	}{
		{1, []string{"a1", "a2", "a3", "a4", "a5", "a6"}},
		{2, []string{"b1", "b2", "b3", "b4", "b5", "b6"}},
		{3, []string{"c1", "c2", "c3", "c4", "c5", "c6"}},
		{4, []string{"d1"}},
	} {
		for _, id := range s.turns {
			session[id] = s.n
		}
	}
	spread := []string{"a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3", "d1"} // at most 3 a session
	ownHeavy := []string{"a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "c1", "c2"}
	cases := []struct {
		name            string
		evidence        []string
		top             []string
		id              string
		fused, final, k int
		want            NearMisses
	}{
		{"in the top k: not counted", []string{"a6"}, spread, "a6", 3, 8, 10, NearMisses{}},
		{"beyond 3k: not counted", []string{"a6"}, spread, "a6", 3, 31, 10, NearMisses{}},
		{"one item, spread top", []string{"a6"}, spread, "a6", 0, 15, 10, NearMisses{N: 1}},
		{"lost after fusion", []string{"a6"}, spread, "a6", 9, 12, 10, NearMisses{N: 1, LostAfterFusion: 1}},
		{"own session crowds", []string{"a6"}, ownHeavy, "a6", 14, 12, 10, NearMisses{N: 1, OwnSessionCrowds: 1}},
		{"another session crowds", []string{"b6"}, ownHeavy, "b6", 14, 12, 10, NearMisses{N: 1, OtherSessionCrowds: 1}},
		{"second item across sessions", []string{"b1", "c6"}, spread, "c6", 25, 21, 10,
			NearMisses{N: 1, OtherEvidenceFound: 1, SpansSessions: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := &nearMiss{session: session, evidence: c.evidence, top: c.top, inTop: map[string]bool{}}
			for _, id := range c.top {
				m.inTop[id] = true
			}
			var got NearMisses
			m.count(&got, c.id, c.fused, c.final, c.k)
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("count (-want +got):\n%s", d)
			}
		})
	}
}
