package index

// The shard counts its rows still waiting for a meaning vector (every row
// but those marked NoMeaning, until the filler sets one), kept in step by
// every path that adds, changes or removes a row or a meaning, so a search
// can ask in constant time whether the meanings are complete: a scan of
// the meanings for the store's nearest memory (SearchMeaning) is only
// sound once they are, as during a backfill the true nearest may be one
// of the rows still without a vector.

// MeaningsMissing returns how many rows are still waiting for a meaning
// vector (the background filler's backlog in this shard); rows marked
// NoMeaning are not counted.
func (s *Shard) MeaningsMissing() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.meaningsMissing
}

// missingMeaning reports whether row i counts as waiting for a meaning.
// Callers hold the lock.
func (s *Shard) missingMeaning(i int) bool { return !s.rows[i].NoMeaning && !s.hasMeaning(i) }

// countMissing counts row i if it waits for a meaning, once it holds its
// new state; uncountMissing takes it out of the count before a change.
// Callers hold the write lock.
func (s *Shard) countMissing(i int) {
	if s.missingMeaning(i) {
		s.meaningsMissing++
	}
}

func (s *Shard) uncountMissing(i int) {
	if s.missingMeaning(i) {
		s.meaningsMissing--
	}
}
