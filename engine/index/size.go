package index

import (
	"strings"
	"unsafe"
)

// A shard's size is computed from counters kept by its writes, in O(1), so
// the registry can re-read it on every use. It counts what the shard holds
// alone: the row and vector arrays by capacity, the strings only it
// references, the posting lists by capacity, and the maps at an estimate of
// Go's per-entry cost (TestBytesTrackHeap holds the estimate to the heap).

const (
	rowBytes    = int64(unsafe.Sizeof(Row{}))
	strHeader   = 16 // a string's header
	sliceHeader = 24 // a slice's header
)

// mapBytes estimates the heap a Go map of n entries of kv bytes of key and
// value takes: the slot and its control byte at the 7/8 load of a full
// table, plus a table's average slack between doublings (a third).
func mapBytes(n int, kv int) int64 {
	return int64(float64(n) * float64(kv+1) * 8 / 7 * 4 / 3)
}

// Bytes returns the shard's accounted size in bytes.
func (s *Shard) Bytes() int64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.footprint()
}

// footprint sums the shard's parts. Callers hold a lock.
func (s *Shard) footprint() int64 {
	n := int64(cap(s.rows))*rowBytes + int64(cap(s.vecs)) + int64(cap(s.scales))*4 + s.strBytes
	n += s.meanings.bytes() + int64(cap(s.meaningScales))*4
	n += mapBytes(len(s.pos), strHeader+8) + int64(cap(s.chrono))*8
	n += mapBytes(len(s.intern), 2*strHeader) + s.internBytes
	n += mapBytes(len(s.speakers), strHeader+8)
	n += s.text.footprint() + s.sessions.footprint()
	s.passageMu.Lock() // a search builds the layout under the read lock
	l := s.passages
	s.passageMu.Unlock()
	if l != nil {
		n += int64(cap(l.start))*4 + int64(cap(l.nbr))*4 + int64(cap(l.dist)) + int64(cap(l.norm))*8
	}
	return n
}

func (x *textIndex) footprint() int64 {
	return int64(cap(x.docs))*int64(unsafe.Sizeof(textDoc{})) + mapBytes(len(x.byID), strHeader+4) +
		x.postingCap*int64(unsafe.Sizeof(posting{})) + mapBytes(len(x.postings), strHeader+int(unsafe.Sizeof(postingList{}))) + x.termBytes
}

// footprint counts the orders' id slices and maps; the ids are the rows'.
func (so *sessionOrder) footprint() int64 {
	members := len(so.pos)
	return mapBytes(len(so.order), strHeader+sliceHeader) + int64(members)*strHeader +
		mapBytes(members, strHeader+8) + mapBytes(members, 2*strHeader)
}

// rowOwnBytes is what a row costs the shard beyond its fixed size and the
// interned pool: its id, its anchor, its category and tag lists (the
// strings in them are interned) and its metadata hashes.
func rowOwnBytes(r *Row) int64 {
	return int64(len(r.ID)+len(r.Anchor)) + int64(cap(r.Categories)+cap(r.Tags))*strHeader + int64(cap(r.Meta))*8
}

// internRow makes r's repeated strings (state, type, session, project, app,
// speaker, categories, tags) share one copy per shard: thousands of rows
// hold a handful of distinct values, and a speaker is a substring of the
// memory's text, which would otherwise stay alive with it. Callers hold the
// write lock.
func (s *Shard) internRow(r *Row) {
	for _, p := range []*string{&r.State, &r.MemoryType, &r.SessionID, &r.Project, &r.AppName, &r.Speaker} {
		*p = s.internString(*p)
	}
	r.Categories = s.internList(r.Categories)
	r.Tags = s.internList(r.Tags)
}

// internList is a copy of list, exactly as long, of interned strings (nil
// for none): the caller's list and its spare capacity are not kept.
func (s *Shard) internList(list []string) []string {
	if len(list) == 0 {
		return nil
	}
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = s.internString(v)
	}
	return out
}

func (s *Shard) internString(v string) string {
	if v == "" {
		return ""
	}
	if w, ok := s.intern[v]; ok {
		return w
	}
	w := strings.Clone(v)
	s.intern[w] = w
	s.internBytes += int64(len(w))
	return w
}

// adopt makes s a registry's shard for user: from now on its writes report
// to the registry (Registry.written).
func (s *Shard) adopt(r *Registry, user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.home, s.user = r, user
}
