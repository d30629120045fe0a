package index

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// sessionOrder keeps, per session, the ids of its rows in the order they were
// said (creation time, then id), so a memory's neighbouring turns can be
// found. Sessions are re-sorted lazily, only when a write touched them.
//
// Memories without a session id form implicit conversations: per app and
// project, ordered by when they were said (valid_from), a silence longer
// than gap ends one, and it takes two speakers to make one. A memory alone
// within the gap is standalone: it has no neighbours, as before; so are the
// members of a run of one speaker's memories (an agent noting several
// unrelated things at once is not a conversation, and reading one note with
// the next would rank a note by its neighbour's words). An explicit session
// id always wins.
type sessionOrder struct {
	order   map[string][]string // session → ids in order
	pos     map[string]int      // id → index in its session's order
	of      map[string]string   // id → the key of the order it is in
	dirty   map[string]bool     // session keys (sessionKey) to rebuild before the next read
	streams map[string][]string // implicit stream → its conversations' order keys
	gap     time.Duration       // silence that ends an implicit conversation; ≤ 0: none
}

// implicitPrefix starts the key of a stream of memories without a session
// id (no session id holds a NUL).
const implicitPrefix = "\x00"

// sessionKey is the key of the session a row's turn order is kept under: its
// session id, else its app's and project's stream of sessionless memories.
func sessionKey(r *Row) string {
	if r.SessionID != "" {
		return r.SessionID
	}
	return implicitPrefix + r.AppName + "\x00" + r.Project
}

// SetConversationGap sets the silence that ends an implicit conversation of
// memories without a session id (≤ 0: they have no neighbours). Call it
// before loading the shard.
func (s *Shard) SetConversationGap(gap time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions.gap = gap
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
// its explicit session (none without one). Implicit conversations inform
// passages only: lent vector scores would let a near-duplicate said just
// before or after outrank the exact match (measured by the crash test's
// top-1 vector searches).
func (s *Shard) Neighbours(ids []string, span int) map[string]Adjacent {
	return s.adjacentTurns(ids, span, false)
}

// Turns returns, for each id, up to span turns before and after it in its
// session, explicit or implicit: the words around a memory, for reading it
// in context (a reranker does). Neighbours keeps implicit conversations out
// of lent scores; reading them is safe.
func (s *Shard) Turns(ids []string, span int) map[string]Adjacent {
	return s.adjacentTurns(ids, span, true)
}

// Conversations returns, for each id in a conversation (explicit session or
// implicit conversation), a key naming that conversation; a standalone
// memory has none. Keys are only for telling conversations apart.
func (s *Shard) Conversations(ids []string) map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rebuildSessions()
	out := make(map[string]string, len(ids))
	for _, id := range ids {
		if key, ok := s.sessions.of[id]; ok {
			out[id] = key
		}
	}
	return out
}

// adjacentTurns is Neighbours, and with implicit Turns.
func (s *Shard) adjacentTurns(ids []string, span int, implicit bool) map[string]Adjacent {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rebuildSessions()
	out := make(map[string]Adjacent, len(ids))
	for _, id := range ids {
		if !implicit && strings.HasPrefix(s.sessions.of[id], implicitPrefix) {
			continue
		}
		if a, ok := s.sessions.adjacent(id, span); ok {
			out[id] = a
		}
	}
	return out
}

// adjacent returns up to span turns each side of id in its order (explicit
// session or implicit conversation); false when id is in none.
func (so *sessionOrder) adjacent(id string, span int) (Adjacent, bool) {
	order := so.order[so.of[id]]
	p, ok := so.pos[id]
	if !ok {
		return Adjacent{}, false
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
	return a, true
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
		so.order, so.pos, so.of, so.streams = map[string][]string{}, map[string]int{}, map[string]string{}, map[string][]string{}
	}
	members := map[string][]int{}
	for i := range s.rows {
		// A fact distilled from an episode is not a turn: kept out of the
		// order, it does not push real turns out of each other's passages.
		if key := sessionKey(&s.rows[i]); so.dirty[key] && s.rows[i].Anchor == "" {
			members[key] = append(members[key], i)
		}
	}
	for key := range so.dirty {
		keys := []string{key}
		if strings.HasPrefix(key, implicitPrefix) {
			keys = so.streams[key]
			delete(so.streams, key)
		}
		for _, k := range keys {
			for _, id := range so.order[k] {
				delete(so.pos, id)
				delete(so.of, id)
			}
			delete(so.order, k)
		}
		rows := members[key]
		if !strings.HasPrefix(key, implicitPrefix) {
			slices.SortFunc(rows, func(a, b int) int { return saidBefore(&s.rows[a], &s.rows[b], false) })
			so.put(key, s.idsOf(rows))
			continue
		}
		if so.gap <= 0 {
			continue
		}
		// An implicit stream: in the order said, cut where silence > gap.
		slices.SortFunc(rows, func(a, b int) int { return saidBefore(&s.rows[a], &s.rows[b], true) })
		start := 0
		for j := 1; j <= len(rows); j++ {
			if j < len(rows) && SaidAt(&s.rows[rows[j]]).Sub(SaidAt(&s.rows[rows[j-1]])) <= so.gap {
				continue
			}
			if isDialogue(s.rows, rows[start:j]) { // else standalone, no order needed
				k := key + "\x00" + strconv.Itoa(len(so.streams[key]))
				so.streams[key] = append(so.streams[key], k)
				so.put(k, s.idsOf(rows[start:j]))
			}
			start = j
		}
	}
	so.dirty = nil
}

// isDialogue reports whether the memories said together (rows, indexes
// into all) come from at least two speakers: a conversation. The speaker
// is the text's "Name:" label, lower-cased; an unlabelled note has none.
func isDialogue(all []Row, rows []int) bool {
	first := ""
	for _, i := range rows {
		switch sp := all[i].Speaker; {
		case sp == "":
		case first == "":
			first = sp
		case sp != first:
			return true
		}
	}
	return false
}

// put records one session's order.
func (so *sessionOrder) put(key string, ids []string) {
	if len(ids) == 0 {
		return
	}
	so.order[key] = ids
	for j, id := range ids {
		so.pos[id], so.of[id] = j, key
	}
}

func (s *Shard) idsOf(rows []int) []string {
	ids := make([]string, len(rows))
	for j, i := range rows {
		ids[j] = s.rows[i].ID
	}
	return ids
}

// SaidAt is when a memory was said: valid_from, else its creation time.
func SaidAt(r *Row) time.Time {
	if r.ValidFrom.IsZero() {
		return r.CreatedAt
	}
	return r.ValidFrom
}

// SaidOrder orders memories as they were said (SaidAt), then by creation,
// then by id: the order of an implicit conversation's turns.
func SaidOrder(a, b *Row) int { return saidBefore(a, b, true) }

// saidBefore orders turns: by when said (implicit conversations) or by
// creation (explicit sessions, as stored), then creation, then id.
func saidBefore(a, b *Row, bySaid bool) int {
	if bySaid {
		if c := SaidAt(a).Compare(SaidAt(b)); c != 0 {
			return c
		}
	}
	if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
		return c
	}
	return cmpString(a.ID, b.ID)
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
