package bench

// NearMisses classifies the missed evidence turns the final order ranks
// just below the top k (k+1 to 3k): the cheap ones, which a reordering of
// the candidates the search already has could bring in. The classes
// overlap; each counts the near misses it holds. Read with ViewMisses, it
// says whether a change should spread the top (crowding), leave the
// fusion's order alone (lost after fusion) or find a question's further
// items (multi-evidence).
type NearMisses struct {
	// N counts the missed evidence turns at final ranks k+1 to 3k.
	N int `json:"n"`
	// LostAfterFusion: the fused views had it in the top k and the query
	// priors or the list turn-taking moved it out.
	LostAfterFusion int `json:"lost_after_fusion"`
	// OwnSessionCrowds: at least crowdedBy of the final top k are turns of
	// its own session, so the exchange the search found took the places.
	OwnSessionCrowds int `json:"own_session_crowds"`
	// OtherSessionCrowds: at least crowdedBy of the final top k are turns
	// of one other session.
	OtherSessionCrowds int `json:"other_session_crowds"`
	// OtherEvidenceFound: another evidence turn of its question is in the
	// top k (a question with several items, one of them found).
	OtherEvidenceFound int `json:"other_evidence_found"`
	// SpansSessions: its question's evidence is in more than one session.
	SpansSessions int `json:"spans_sessions"`
}

// crowdedBy is how many of the final top k one session must hold to count
// as crowding it: more than a third of 10.
const crowdedBy = 4

// nearMiss is what classifying one near miss needs: the session of every
// turn of its conversation, its question's evidence and the final top k,
// as dataset turns.
type nearMiss struct {
	session  map[string]int // turn id → session number
	evidence []string
	top      []string // the final top k's turns, in order
	inTop    map[string]bool
}

// count adds the evidence turn id, ranked fused and final, to n when final
// is a near miss for k.
func (m *nearMiss) count(n *NearMisses, id string, fused, final, k int) {
	if final <= k || final > 3*k {
		return
	}
	n.N++
	if fused > 0 && fused <= k {
		n.LostAfterFusion++
	}
	per := map[int]int{}
	for _, t := range m.top {
		per[m.session[t]]++
	}
	own, other := m.session[id], false
	for s, c := range per {
		other = other || (s != own && c >= crowdedBy)
	}
	if per[own] >= crowdedBy {
		n.OwnSessionCrowds++
	}
	if other {
		n.OtherSessionCrowds++
	}
	sessions := map[int]bool{}
	found := false
	for _, e := range m.evidence {
		sessions[m.session[e]] = true
		found = found || (e != id && m.inTop[e])
	}
	if found {
		n.OtherEvidenceFound++
	}
	if len(sessions) > 1 {
		n.SpansSessions++
	}
}

// sessionsOf maps each turn of c to its session's number.
func sessionsOf(c *Conversation) map[string]int {
	out := map[string]int{}
	for _, s := range c.Sessions {
		for _, t := range s.Turns {
			out[t.ID] = s.Number
		}
	}
	return out
}
