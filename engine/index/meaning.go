package index

// Meaning vectors. Beside its embedding, a row may hold the sentence
// encoder's vector of its memory's text (engine.Meaning, filled in the
// background by engine/service/kernel/meanings.go), int8-quantised as the
// embeddings are (quant.go): 512 bytes and a scale a row, in two nibble
// planes (nibble.go, which lets SearchMeaning read about half of them) kept
// in step with the rows once the shard holds its first one, loaded with
// the shard and evicted with it. A search reads them instead of encoding
// its hits (engine/service/search/meaning.go), and SearchMeaning scans them
// all for the memories nearest a prompt in meaning.

// MeaningDim is the dimension of a meaning vector: the sentence encoder's
// (llm/internal/sentvec, Universal Sentence Encoder lite).
const MeaningDim = 512

// QuantizeMeaning is the stored form of a sentence vector v: normalised,
// then int8 with its scale, as the shard holds it. ok is false for a
// vector not of MeaningDim or of zeros, which is no meaning.
func QuantizeMeaning(v []float32) (vec []int8, scale float32, ok bool) {
	if len(v) != MeaningDim {
		return nil, 0, false
	}
	vn := make([]float32, len(v))
	copy(vn, v)
	normalize(vn)
	vec = make([]int8, MeaningDim)
	if scale = quantize(vec, vn); scale == 0 {
		return nil, 0, false
	}
	return vec, scale, true
}

// SetMeaning sets the meaning vector of row id (vec of MeaningDim, scale
// as QuantizeMeaning made them) and reports whether the row is held.
func (s *Shard) SetMeaning(id string, vec []int8, scale float32) bool {
	if len(vec) != MeaningDim || scale <= 0 {
		return false
	}
	s.mu.Lock()
	i, ok := s.pos[id]
	if ok { // no version bump: nothing derived from the rows reads meanings
		if s.meaningScales == nil {
			// Exactly as long as the rows: a loaded shard sets every
			// meaning next, and a later row's append grows them as Go does.
			s.meanings = newNibbles(MeaningDim, len(s.rows))
			s.meaningScales = make([]float32, len(s.rows))
		}
		s.uncountMissing(i)
		s.meanings.set(i, vec)
		s.meaningScales[i] = scale
	}
	home := s.home
	s.mu.Unlock()
	if home != nil {
		home.written(s, s.user, func(t *Shard) { t.SetMeaning(id, vec, scale) })
	}
	return ok
}

// DropMeaning forgets row id's meaning vector (its text changed).
func (s *Shard) DropMeaning(id string) {
	s.mu.Lock()
	if i, ok := s.pos[id]; ok && s.meaningScales != nil && s.meaningScales[i] != 0 {
		s.meanings.clearRow(i)
		s.meaningScales[i] = 0
		s.countMissing(i)
	}
	home := s.home
	s.mu.Unlock()
	if home != nil {
		home.written(s, s.user, func(t *Shard) { t.DropMeaning(id) })
	}
}

// HasMeaning reports whether row id holds a meaning vector.
func (s *Shard) HasMeaning(id string) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	i, ok := s.pos[id]
	return ok && s.hasMeaning(i)
}

func (s *Shard) hasMeaning(i int) bool { return s.meaningScales != nil && s.meaningScales[i] != 0 }

// WithoutMeaning returns the ids of the rows that hold no meaning vector,
// in row order: the memories the background filler still has to encode.
func (s *Shard) WithoutMeaning() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var ids []string
	for i := range s.rows {
		if !s.hasMeaning(i) {
			ids = append(ids, s.rows[i].ID)
		}
	}
	return ids
}

// MeaningCosines returns q's cosine with the meaning vector of each of
// ids, and whether that row has one (cos[i] is 0 when not). q is a unit
// vector of MeaningDim: it is not quantised, so each cosine carries only
// the stored vector's rounding (about 1e-3, quant.go).
func (s *Shard) MeaningCosines(q []float32, ids []string) (cos []float32, have []bool) {
	cos, have = make([]float32, len(ids)), make([]bool, len(ids))
	if len(q) != MeaningDim {
		return cos, have
	}
	var v [MeaningDim]int8
	s.mu.RLock()
	defer s.mu.RUnlock()
	for k, id := range ids {
		i, ok := s.pos[id]
		if !ok || !s.hasMeaning(i) {
			continue
		}
		s.meanings.unpack(i, v[:])
		var dot float32
		for j, x := range v {
			dot += q[j] * float32(x)
		}
		cos[k], have[k] = dot*s.meaningScales[i], true
	}
	return cos, have
}

// SearchMeaning returns the k rows nearest q in meaning (the cosine of
// their meaning vectors, int8 against int8 as Search scores embeddings)
// among those keep accepts, best first, ties broken by id. Rows without a
// meaning vector yet are not among them. keep must be safe for concurrent
// use, as Search's.
func (s *Shard) SearchMeaning(q []float32, k int, keep func(*Row) bool) []Hit {
	if len(q) != MeaningDim || k <= 0 {
		return nil
	}
	qq := newQuery(q)
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.meaningScales == nil {
		return nil
	}
	return s.searchPlane(qq, plane{nib: &s.meanings, scales: s.meaningScales, dim: MeaningDim}, k, keep)
}

// growMeanings adds an empty meaning for a row just appended. Callers hold
// the write lock.
func (s *Shard) growMeanings() {
	if s.meaningScales != nil {
		s.meanings.grow()
		s.meaningScales = append(s.meaningScales, 0)
	}
}

// moveMeaning moves row from's meaning to row to (a removal's swap).
// Callers hold the write lock.
func (s *Shard) moveMeaning(from, to int) {
	if s.meaningScales != nil {
		s.meanings.move(from, to)
		s.meaningScales[to] = s.meaningScales[from]
	}
}

// shrinkMeanings keeps the meanings of the first n rows. Callers hold the
// write lock.
func (s *Shard) shrinkMeanings(n int) {
	if s.meaningScales != nil {
		s.meanings.shrink(n)
		s.meaningScales = s.meaningScales[:n]
	}
}
