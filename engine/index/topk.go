package index

// TopK keeps the best k hits offered to it: higher score first, ties broken
// by the smaller id, so every ranking in memsvc orders the same way. A
// bounded min-heap, written out for Hit (container/heap's interface calls
// were a tenth of a search's selection cost), keeps selecting from many
// candidates cheap.
type TopK struct {
	k int
	h []Hit // h[0] is the worst kept hit
}

// NewTopK returns a selector of the best k hits (none when k ≤ 0).
func NewTopK(k int) *TopK { return &TopK{k: k, h: make([]Hit, 0, max(k, 0))} }

// Offer considers one hit.
func (t *TopK) Offer(hit Hit) {
	switch {
	case t.k <= 0:
	case len(t.h) < t.k:
		t.h = append(t.h, hit)
		t.up(len(t.h) - 1)
	case better(hit, t.h[0]):
		t.h[0] = hit
		t.down(0, len(t.h))
	}
}

// Beaten reports whether a hit scoring score can no longer enter: the
// selector is full and its worst scores higher. Callers test it before an
// expensive filter, which then runs only for the few hits that may enter.
func (t *TopK) Beaten(score float64) bool {
	return t.k <= 0 || (len(t.h) == t.k && score < t.h[0].Score)
}

// Sorted returns the kept hits, best first; the selector is empty after.
func (t *TopK) Sorted() []Hit {
	out := make([]Hit, len(t.h))
	for n := len(t.h); n > 0; n-- {
		out[n-1] = t.h[0] // the worst left goes last
		t.h[0] = t.h[n-1]
		t.down(0, n-1)
	}
	t.h = t.h[:0]
	return out
}

// up restores the heap after h[i] was placed at the end.
func (t *TopK) up(i int) {
	h := t.h
	for i > 0 {
		p := (i - 1) / 2
		if !better(h[p], h[i]) { // the parent must be the worse
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

// down restores the heap of the first n hits after h[i] was replaced.
func (t *TopK) down(i, n int) {
	h := t.h
	for {
		c := 2*i + 1
		if c >= n {
			return
		}
		if r := c + 1; r < n && better(h[c], h[r]) { // the worse child
			c = r
		}
		if !better(h[i], h[c]) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}
