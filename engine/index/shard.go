// Package index holds each user's searchable catalog in memory: the metadata
// filters need (state, type, session, project, app, categories, time), the
// BM25 postings, and the embeddings as one contiguous slice of L2-normalised
// int8 vectors (quant.go), searched exactly with SIMD dot products. The store
// keeps the durable copy; a shard is rebuilt from it on first use, and the
// registry (registry.go) keeps the loaded shards within a byte budget.
package index

import (
	"maps"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/viterin/vek/vek32"
)

// Row is the metadata of one memory that search and list filter on.
type Row struct {
	ID         string
	State      string
	MemoryType string
	SessionID  string
	Project    string
	AppName    string
	Categories []string
	CreatedAt  time.Time
	HasVector  bool
	// Speaker is who said the text, lower-cased ("" when unknown), and
	// ValidFrom when it was said: the query priors (who, when) read them.
	Speaker   string
	ValidFrom time.Time
	// Episode marks a turn kept as said, which fact decisions never
	// compare a new fact with.
	Episode bool
	// Anchor is, for a fact distilled from an episode, that episode's id.
	// Such a fact stays out of its session's turn order (sessions.go).
	Anchor string
	// Tags (interned, as Categories) and Meta, the sorted hashes of the
	// metadata's keys and key=value pairs (engine.MetaHashes), are what the
	// dashboard's list filters by (engine.ContentFilter), kept in the row
	// so a filtered list never reads every record. Hashes, not texts: a
	// row's cost is 16 bytes an entry however long the values. The shard
	// keeps the Meta slice it is given.
	Tags []string
	Meta []uint64
	// NoMeaning marks a row that is given no meaning vector (an image's
	// placeholder, whose text is not yet its own): the shard does not count
	// it among those still waiting for one (meaning_count.go).
	NoMeaning bool
}

// Hit is one scored result.
type Hit struct {
	ID    string
	Score float64
}

// Shard is one user's catalog. All methods are safe for concurrent use.
type Shard struct {
	dim int

	mu     sync.RWMutex
	rows   []Row
	vecs   []int8    // len(rows)*dim, quantised (quant.go); row i at [i*dim:(i+1)*dim], zeros when no vector
	scales []float32 // per row, its vector's scale
	pos    map[string]int
	chrono []int // row indexes newest first; nil when it must be rebuilt

	// The rows' meaning vectors (meaning.go), as vecs and scales are the
	// embeddings' but held as nibble planes (nibble.go): MeaningDim int8s a
	// row, scale 0 for a row without one. Empty, and meaningScales nil,
	// until the shard holds its first meaning.
	meanings      nibbles
	meaningScales []float32
	// meaningsMissing counts the rows still waiting for a meaning
	// (meaning_count.go).
	meaningsMissing int

	sessions sessionOrder
	text     textIndex
	speakers map[string]int // rows per speaker
	version  uint64         // counts writes, so derived structures know when they are stale

	passageMu sync.Mutex     // guards passages; taken under the read lock
	passages  *passageLayout // built on demand (passage.go)

	// Size accounting (size.go): repeated strings share one copy.
	intern      map[string]string
	internBytes int64
	strBytes    int64 // rowOwnBytes of the rows

	// home is the registry the shard belongs to once loaded (nil for a
	// shard of its own), told of every write for user (Registry.written).
	home *Registry
	user string
}

// NewShard returns an empty shard for vectors of dimension dim.
func NewShard(dim int) *Shard {
	return &Shard{dim: dim, pos: map[string]int{}, text: newTextIndex(), speakers: map[string]int{},
		intern: map[string]string{}}
}

// Len returns the number of rows.
func (s *Shard) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.rows)
}

// Upsert adds or replaces a row. vec may be nil (no embedding, or keep the
// one already held when the row exists); it is normalised on the way in.
// terms are the row's analysed text for BM25; nil keeps what is indexed.
func (s *Shard) Upsert(r Row, vec []float32, terms []string) {
	s.mu.Lock()
	s.upsert(r, vec, terms)
	home := s.home
	s.mu.Unlock()
	if home != nil {
		home.written(s, s.user, func(t *Shard) { t.Upsert(r, vec, terms) })
	}
}

func (s *Shard) upsert(r Row, vec []float32, terms []string) {
	s.internRow(&r)
	s.version++
	i, ok := s.pos[r.ID]
	if !ok {
		i = len(s.rows)
		s.rows = append(s.rows, Row{})
		s.vecs = append(s.vecs, make([]int8, s.dim)...)
		s.scales = append(s.scales, 0)
		s.growMeanings()
		s.pos[r.ID] = i
	} else {
		s.uncountMissing(i)
	}
	if len(vec) == s.dim {
		vn := make([]float32, s.dim)
		copy(vn, vec)
		normalize(vn)
		s.scales[i] = quantize(s.vecs[i*s.dim:(i+1)*s.dim], vn)
		r.HasVector = true
	} else if ok {
		r.HasVector = s.rows[i].HasVector
	}
	if ok {
		s.strBytes -= rowOwnBytes(&s.rows[i])
		s.countSpeaker(s.rows[i].Speaker, -1)
		if old := sessionKey(&s.rows[i]); old != sessionKey(&r) {
			s.sessions.touch(old)
		}
	}
	s.strBytes += rowOwnBytes(&r)
	s.countSpeaker(r.Speaker, 1)
	s.sessions.touch(sessionKey(&r))
	s.rows[i] = r
	s.countMissing(i)
	s.chrono = nil
	if terms != nil {
		s.text.index(r.ID, i, terms)
	}
}

// Remove deletes a row by moving the last row into its place.
func (s *Shard) Remove(id string) {
	s.mu.Lock()
	s.remove(id)
	home := s.home
	s.mu.Unlock()
	if home != nil {
		home.written(s, s.user, func(t *Shard) { t.Remove(id) })
	}
}

func (s *Shard) remove(id string) {
	i, ok := s.pos[id]
	if !ok {
		return
	}
	s.version++
	s.uncountMissing(i)
	s.strBytes -= rowOwnBytes(&s.rows[i])
	s.sessions.touch(sessionKey(&s.rows[i]))
	s.countSpeaker(s.rows[i].Speaker, -1)
	last := len(s.rows) - 1
	if i != last {
		s.rows[i] = s.rows[last]
		copy(s.vecs[i*s.dim:(i+1)*s.dim], s.vecs[last*s.dim:])
		s.scales[i] = s.scales[last]
		s.moveMeaning(last, i)
		s.pos[s.rows[i].ID] = i
		s.text.moved(s.rows[i].ID, i)
	}
	s.rows = s.rows[:last]
	s.vecs = s.vecs[:last*s.dim]
	s.scales = s.scales[:last]
	s.shrinkMeanings(last)
	delete(s.pos, id)
	s.text.retire(id)
	s.chrono = nil
}

func (s *Shard) countSpeaker(name string, delta int) {
	if name == "" {
		return
	}
	if s.speakers[name] += delta; s.speakers[name] <= 0 {
		delete(s.speakers, name)
	}
}

// Speakers returns the distinct speakers of the rows, sorted.
func (s *Shard) Speakers() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return slices.Sorted(maps.Keys(s.speakers))
}

// Get returns the row of id.
func (s *Shard) Get(id string) (Row, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	i, ok := s.pos[id]
	if !ok {
		return Row{}, false
	}
	return s.rows[i], true
}

// Search returns the k rows most similar to q (cosine) among those keep
// accepts, best first, ties broken by id. keep must be safe for concurrent
// use: a large shard is scanned in parts on several cores.
func (s *Shard) Search(q []float32, k int, keep func(*Row) bool) []Hit {
	if len(q) != s.dim || k <= 0 {
		return nil
	}
	qq := newQuery(q)
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.searchPlane(qq, s.vectorPlane(), k, keep)
}

// SearchEach is Search of q under each of keeps, in one pass over the
// vectors: hits[j] is Search(q, k, keeps[j]), to the bit. A search that
// ranks the same vector under two filters (all memories, and facts only)
// reads the 51 MB of a 100,000-memory shard once, not twice.
func (s *Shard) SearchEach(q []float32, k int, keeps ...func(*Row) bool) [][]Hit {
	if len(q) != s.dim || k <= 0 {
		return make([][]Hit, len(keeps))
	}
	qq := newQuery(q)
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.searchPlaneEach(qq, s.vectorPlane(), k, keeps)
}

// vectorPlane is the rows' embeddings as a plane. Callers hold a lock.
func (s *Shard) vectorPlane() plane {
	return plane{vecs: s.vecs, scales: s.scales, dim: s.dim, zeroScaled: true}
}

// plane is one kind of vector the rows hold: the embeddings or the
// meanings (meaning.go), dim int8s a row with one scale each.
type plane struct {
	vecs   []int8
	scales []float32
	dim    int
	// zeroScaled: a row of scale 0 may still have a vector (an embedding
	// of zeros, Row.HasVector); without it a scale of 0 means none.
	zeroScaled bool
	// nib, when set, holds the vectors instead of vecs (nibble.go).
	nib *nibbles
}

// searchPlane is Search over the vectors of p. Callers hold the read lock.
func (s *Shard) searchPlane(qq query, p plane, k int, keep func(*Row) bool) []Hit {
	return s.searchPlaneEach(qq, p, k, []func(*Row) bool{keep})[0]
}

// searchPlaneEach is searchPlane under each of keeps, in one pass: one
// top k a filter. Callers hold the read lock.
func (s *Shard) searchPlaneEach(qq query, p plane, k int, keeps []func(*Row) bool) [][]Hit {
	parts := min(runtime.GOMAXPROCS(0), maxScanParts, len(p.scales)/minScanPart)
	if parts <= 1 {
		tops := newTops(len(keeps), k)
		s.scanEach(qq, p, 0, len(p.scales), keeps, tops)
		return sortedTops(tops)
	}
	// The best k of all rows are among the best k of each part, and the
	// order of hits is total (score, then id): the result is the
	// sequential scan's.
	partTops := make([][]*TopK, parts)
	var wg sync.WaitGroup
	for i := range parts {
		partTops[i] = newTops(len(keeps), k)
		from, to := i*len(p.scales)/parts, (i+1)*len(p.scales)/parts
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.scanEach(qq, p, from, to, keeps, partTops[i])
		}()
	}
	wg.Wait()
	tops := newTops(len(keeps), k)
	for _, part := range partTops {
		for j, t := range part {
			for _, h := range t.h {
				tops[j].Offer(h)
			}
		}
	}
	return sortedTops(tops)
}

// newTops is n selectors of the best k hits.
func newTops(n, k int) []*TopK {
	tops := make([]*TopK, n)
	for j := range tops {
		tops[j] = NewTopK(k)
	}
	return tops
}

// sortedTops is each selector's hits, best first.
func sortedTops(tops []*TopK) [][]Hit {
	hits := make([][]Hit, len(tops))
	for j, t := range tops {
		hits[j] = t.Sorted()
	}
	return hits
}

// A scan of many rows is split in parts of at least minScanPart rows, one
// a core up to maxScanParts: an exact scan of 100k int8 vectors reads 50 MB,
// more than one core's share of memory bandwidth.
const (
	minScanPart  = 16_384
	maxScanParts = 4
)

// scanBlock is how many rows' dot products one kernel call computes: the
// call's cost is shared by the block, and its results (1 KB) stay in L1.
const scanBlock = 256

// scan offers top the rows [from, to) of p keep accepts. Callers hold the
// read lock.
func (s *Shard) scan(qq query, p plane, from, to int, keep func(*Row) bool, top *TopK) {
	s.scanEach(qq, p, from, to, []func(*Row) bool{keep}, []*TopK{top})
}

// scanEach offers each of tops the rows [from, to) of p its filter of
// keeps accepts, each row scored once. Callers hold the read lock.
func (s *Shard) scanEach(qq query, p plane, from, to int, keeps []func(*Row) bool, tops []*TopK) {
	if p.nib != nil {
		s.scanNibbles(qq, p, from, to, keeps, tops)
		return
	}
	var dots [scanBlock]int32
	for lo := from; lo < to; lo += scanBlock {
		hi := min(lo+scanBlock, to)
		qq.dots(p.vecs[lo*p.dim:hi*p.dim], dots[:hi-lo])
		for i := lo; i < hi; i++ {
			scale := p.scales[i]
			// Only a row with a vector has a scale, but a zero vector has
			// none: the row is read only then, so the scan reads the
			// vectors and scales alone, not every row's metadata.
			if scale == 0 && (!p.zeroScaled || !s.rows[i].HasVector) {
				continue
			}
			s.offer(&s.rows[i], qq.cosine(dots[i-lo], scale), keeps, tops)
		}
	}
}

// offer offers each of tops row r of score its filter accepts. Scoring
// comes first: the dot product is cheaper than most filters, and only a
// hit that would enter a top needs one.
func (s *Shard) offer(r *Row, score float64, keeps []func(*Row) bool, tops []*TopK) {
	for j, top := range tops {
		if top.Beaten(score) {
			continue
		}
		if keeps[j] == nil || keeps[j](r) {
			top.Offer(Hit{ID: r.ID, Score: score})
		}
	}
}

// allBeaten reports whether a hit scoring score can enter none of tops.
func allBeaten(tops []*TopK, score float64) bool {
	if len(tops) == 1 {
		return tops[0].Beaten(score)
	}
	for _, top := range tops {
		if !top.Beaten(score) {
			return false
		}
	}
	return true
}

// Filter counts the rows keep accepts and returns the ids of the window
// [offset, offset+limit) of them, newest first (ties by id, descending, which
// is creation order for time-sortable ids). Only the window is copied.
func (s *Shard) Filter(keep func(*Row) bool, offset, limit int) (total int, ids []string) {
	// A write lock: the chronological order is built lazily and cached.
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.chrono == nil {
		s.buildChrono()
	}
	for _, i := range s.chrono {
		if keep != nil && !keep(&s.rows[i]) {
			continue
		}
		if total >= offset && total < offset+limit {
			ids = append(ids, s.rows[i].ID)
		}
		total++
	}
	return total, ids
}

func (s *Shard) buildChrono() {
	order := make([]int, len(s.rows))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		ra, rb := &s.rows[a], &s.rows[b]
		if c := rb.CreatedAt.Compare(ra.CreatedAt); c != 0 {
			return c
		}
		if ra.ID > rb.ID {
			return -1
		}
		if ra.ID < rb.ID {
			return 1
		}
		return 0
	})
	s.chrono = order
}

func normalize(v []float32) {
	n := vek32.Norm(v)
	if n == 0 || math.IsNaN(float64(n)) {
		return
	}
	vek32.DivNumber_Inplace(v, n)
}

// better orders hits: higher score first, then smaller id.
func better(a, b Hit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.ID < b.ID
}
