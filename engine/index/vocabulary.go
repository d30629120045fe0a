package index

// Terms calls fn with each term the index holds and how many memories
// hold it (retired postings count until compaction, as in Has and
// DocFreqs), in no set order: a search reads the store's vocabulary
// through it (search.nearStems). fn must not call back into the shard:
// the read lock is held.
func (s *Shard) Terms(fn func(term string, df int)) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for t, pl := range s.text.postings {
		if n := len(pl.list); n > 0 {
			fn(t, min(n, s.text.live))
		}
	}
}
