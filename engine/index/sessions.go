package index

import (
	"slices"
)

// sessionOrder keeps, per session, the ids of its rows in the order they were
// said (creation time, then id), so a memory's neighbouring turns can be
// found. Sessions are re-sorted lazily, only when a write touched them.
type sessionOrder struct {
	order map[string][]string // session → ids in order
	pos   map[string]int      // id → index in its session's order
	dirty map[string]bool     // sessions to rebuild before the next read
}

func (s *sessionOrder) touch(session string) {
	if session == "" {
		return
	}
	if s.dirty == nil {
		s.dirty = map[string]bool{}
	}
	s.dirty[session] = true
}

// Adjacent are a memory's nearest turns in its session, nearest first.
type Adjacent struct {
	Before, After []string
}

// Neighbours returns, for each id, up to span turns before and after it in
// its session (none without a session).
func (s *Shard) Neighbours(ids []string, span int) map[string]Adjacent {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rebuildSessions()
	out := make(map[string]Adjacent, len(ids))
	for _, id := range ids {
		i, ok := s.pos[id]
		if !ok {
			continue
		}
		order := s.sessions.order[s.rows[i].SessionID]
		p, ok := s.sessions.pos[id]
		if !ok {
			continue
		}
		var a Adjacent
		for d := 1; d <= span; d++ {
			if p-d >= 0 {
				a.Before = append(a.Before, order[p-d])
			}
			if p+d < len(order) {
				a.After = append(a.After, order[p+d])
			}
		}
		out[id] = a
	}
	return out
}

// freshSessions brings the session order up to date, taking the write lock
// only when writes have touched a session since the last read.
func (s *Shard) freshSessions() {
	s.mu.RLock()
	dirty := len(s.sessions.dirty) > 0
	s.mu.RUnlock()
	if dirty {
		s.mu.Lock()
		s.rebuildSessions()
		s.mu.Unlock()
	}
}

// rebuildSessions re-sorts the sessions writes have touched; one pass over
// the rows gathers their members. Callers hold the write lock.
func (s *Shard) rebuildSessions() {
	so := &s.sessions
	if len(so.dirty) == 0 {
		return
	}
	if so.order == nil {
		so.order, so.pos = map[string][]string{}, map[string]int{}
	}
	members := map[string][]int{}
	for i := range s.rows {
		// A fact distilled from an episode is not a turn: kept out of the
		// order, it does not push real turns out of each other's passages.
		if sess := s.rows[i].SessionID; so.dirty[sess] && s.rows[i].Anchor == "" {
			members[sess] = append(members[sess], i)
		}
	}
	for sess := range so.dirty {
		for _, id := range so.order[sess] {
			delete(so.pos, id)
		}
		rows := members[sess]
		slices.SortFunc(rows, func(a, b int) int {
			ra, rb := &s.rows[a], &s.rows[b]
			if c := ra.CreatedAt.Compare(rb.CreatedAt); c != 0 {
				return c
			}
			return cmpString(ra.ID, rb.ID)
		})
		ids := make([]string, len(rows))
		for j, i := range rows {
			ids[j] = s.rows[i].ID
			so.pos[ids[j]] = j
		}
		if len(ids) == 0 {
			delete(so.order, sess)
		} else {
			so.order[sess] = ids
		}
	}
	so.dirty = nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
