package index

// AddVector adds factor times id's stored vector (dequantised from the
// shard's int8 form) to dst, which has the shard's dimension, and reports
// whether id has one. It allocates nothing: vector feedback
// (engine/service/search) sums a few hits' vectors on every query.
func (s *Shard) AddVector(dst []float32, id string, factor float32) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	i, ok := s.pos[id]
	if !ok || !s.rows[i].HasVector || len(dst) != s.dim {
		return false
	}
	f := factor * s.scales[i]
	for j, x := range s.vecs[i*s.dim : (i+1)*s.dim] {
		dst[j] += f * float32(x)
	}
	return true
}
