package index

import "container/heap"

// TopK keeps the best k hits offered to it: higher score first, ties broken
// by the smaller id, so every ranking in memsvc orders the same way. A
// bounded heap keeps selecting from many candidates cheap.
type TopK struct {
	k int
	h minHeap
}

// NewTopK returns a selector of the best k hits (none when k ≤ 0).
func NewTopK(k int) *TopK { return &TopK{k: k, h: make(minHeap, 0, max(k, 0)+1)} }

// Offer considers one hit.
func (t *TopK) Offer(hit Hit) {
	switch {
	case t.k <= 0:
	case len(t.h) < t.k:
		heap.Push(&t.h, hit)
	case better(hit, t.h[0]):
		t.h[0] = hit
		heap.Fix(&t.h, 0)
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
	for i := len(t.h) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&t.h).(Hit)
	}
	return out
}
