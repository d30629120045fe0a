package index

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
)

// An exact scan of a shard's embeddings reads every row's vector: 51 MB at
// 100,000 memories, twice a hybrid search (the vector view and its feedback
// view), memory-bound at about a third of such a search's time. Above
// approxFrom rows a shard scans only the rows near the query instead: an
// inverted file (IVF) of ivfLists clusters found by spherical k-means, of
// which a search reads the ivfProbe lists whose centroids are nearest the
// query, and scores their rows exactly as the full scan does (the same
// kernel, the same cosine to the bit). Below approxFrom nothing changes: no
// index is built and every result is the exact scan's.
//
// The index is built by the first search that needs it (k-means on a sample,
// then every row placed), kept up to date by the writes (a new vector joins
// its nearest list; the centroids stay), and built again once the rows have
// doubled or halved since. A search whose filters leave the probed lists
// short of k hits for some top scans exactly instead: a narrow filter (one
// session, a prior's few candidates) needs the rows the lists do not hold.
//
// Measured on the 100,000-memory benchmark store (TestApproxScanOverlap,
// engine/service): see ivfProbe.
const (
	approxFrom = 20_000
	ivfLists   = 256
	// ivfProbe: lists read a search, a quarter. On the benchmark store's
	// vectors, queries near a row, 8 / 16 / 32 / 64 / 128 of 256 lists kept
	// 0.861 / 0.934 / 0.982 / 0.998 / 0.9996 of the exact top 50.
	ivfProbe = 64
	// The k-means runs ivfRounds rounds over a sample of ivfSample rows:
	// enough for centroids where the rows are; every row is placed after.
	ivfSample = 32 * ivfLists
	ivfRounds = 5
)

// ivfIndex is a shard's inverted file over its embeddings. Guarded by the
// shard's lock: read under the read lock, changed under the write lock (and
// set, once built, under ivfMu as well, since a search builds it under the
// read lock).
type ivfIndex struct {
	dim int
	// cents holds the centroids' quantised vectors one after the other, so
	// one kernel call scores them all; centScales their scales.
	cents      []int8
	centScales []float32
	lists      [][]int32 // row indexes of each list
	of         []int32   // per row, its list; -1 when the row has no vector
	built      int       // rows when built
}

// approxIndex returns the shard's inverted file for plane p when p is the
// embeddings' and the shard is large enough to read it instead of every row,
// building it when absent or stale; nil otherwise. Callers hold the read lock.
func (s *Shard) approxIndex(p plane) *ivfIndex {
	n := len(p.scales)
	if p.nib != nil || n < approxFrom || p.dim != s.dim {
		return nil
	}
	s.ivfMu.Lock()
	defer s.ivfMu.Unlock()
	if ix := s.ivf; ix != nil && n <= 2*ix.built && 2*n >= ix.built {
		return ix
	}
	s.ivf = buildIVF(s.vecs, s.scales, s.rows, s.dim)
	return s.ivf
}

// buildIVF clusters the rows' vectors and places every row.
func buildIVF(vecs []int8, scales []float32, rows []Row, dim int) *ivfIndex {
	ix := &ivfIndex{dim: dim, built: len(rows)}
	// Seeded alike every time: the same rows give the same lists.
	rng := rand.New(rand.NewPCG(uint64(len(rows)), 0x1f))
	with := make([]int32, 0, len(rows))
	for i := range rows {
		if hasVector(scales, rows, i) {
			with = append(with, int32(i))
		}
	}
	ix.train(vecs, scales, sampleOf(with, ivfSample, rng), rng)
	ix.placeAll(vecs, scales, rows)
	return ix
}

// hasVector reports whether row i holds an embedding (one of zeros too).
func hasVector(scales []float32, rows []Row, i int) bool {
	return scales[i] != 0 || rows[i].HasVector
}

// sampleOf is up to n of rows, picked at random.
func sampleOf(rows []int32, n int, rng *rand.Rand) []int32 {
	if len(rows) <= n {
		return slices.Clone(rows)
	}
	out := make([]int32, n)
	for k, j := range rng.Perm(len(rows))[:n] {
		out[k] = rows[j]
	}
	return out
}

// train runs spherical k-means over the sample's vectors: each round places
// every sampled row in its nearest list and moves each centroid to the
// normalised mean of its rows. A list left empty takes a sampled row.
func (ix *ivfIndex) train(vecs []int8, scales []float32, sample []int32, rng *rand.Rand) {
	dim, k := ix.dim, min(ivfLists, max(len(sample), 1))
	ix.cents, ix.centScales = make([]int8, k*dim), make([]float32, k)
	for c := range k {
		ix.setCentroidRow(c, vecs, scales, sample[c%max(len(sample), 1)])
	}
	sums := make([]float32, k*dim)
	counts := make([]int, k)
	dots := make([]int32, k)
	for range ivfRounds {
		clear(sums)
		clear(counts)
		for _, i := range sample {
			c := ix.nearest(vecs[int(i)*dim:(int(i)+1)*dim], dots)
			counts[c]++
			f, sum := scales[i], sums[c*dim:(c+1)*dim]
			for j, x := range vecs[int(i)*dim : (int(i)+1)*dim] {
				sum[j] += f * float32(x)
			}
		}
		for c := range k {
			if counts[c] == 0 {
				ix.setCentroidRow(c, vecs, scales, sample[rng.IntN(len(sample))])
				continue
			}
			q := newQuery(sums[c*dim : (c+1)*dim])
			copy(ix.cents[c*dim:], q.v)
			ix.centScales[c] = q.scale
		}
	}
	ix.lists = make([][]int32, k)
}

// setCentroidRow makes centroid c row i's vector.
func (ix *ivfIndex) setCentroidRow(c int, vecs []int8, scales []float32, i int32) {
	dim := ix.dim
	copy(ix.cents[c*dim:(c+1)*dim], vecs[int(i)*dim:(int(i)+1)*dim])
	ix.centScales[c] = scales[i]
}

// nearest is the list whose centroid is nearest vector v (quantised, as a
// row is held), ties to the first; dots is scratch of one int32 a list.
func (ix *ivfIndex) nearest(v []int8, dots []int32) int {
	queryOf(v, 1).dots(ix.cents, dots)
	best, bestScore := 0, float32(0)
	for c, d := range dots {
		if score := float32(d) * ix.centScales[c]; c == 0 || score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// placeAll puts every row with a vector in its nearest list, the rows split
// among the cores; each list holds its rows in row order.
func (ix *ivfIndex) placeAll(vecs []int8, scales []float32, rows []Row) {
	dim := ix.dim
	ix.of = make([]int32, len(rows))
	parts := max(1, min(runtime.GOMAXPROCS(0), len(rows)/minScanPart))
	var wg sync.WaitGroup
	for p := range parts {
		from, to := p*len(rows)/parts, (p+1)*len(rows)/parts
		wg.Add(1)
		go func() {
			defer wg.Done()
			dots := make([]int32, len(ix.centScales))
			for i := from; i < to; i++ {
				ix.of[i] = -1
				if hasVector(scales, rows, i) {
					ix.of[i] = int32(ix.nearest(vecs[i*dim:(i+1)*dim], dots))
				}
			}
		}()
	}
	wg.Wait()
	for i, c := range ix.of {
		if c >= 0 {
			ix.lists[c] = append(ix.lists[c], int32(i))
		}
	}
}

// place records row i after a write: appended, or its vector replaced
// (moved to its nearest list), or left without one. Callers hold the write
// lock.
func (ix *ivfIndex) place(i int, vecs []int8, scales []float32, rows []Row) {
	for len(ix.of) <= i {
		ix.of = append(ix.of, -1)
	}
	ix.unlist(i)
	if hasVector(scales, rows, i) {
		c := ix.nearest(vecs[i*ix.dim:(i+1)*ix.dim], make([]int32, len(ix.centScales)))
		ix.of[i] = int32(c)
		ix.lists[c] = append(ix.lists[c], int32(i))
	}
}

// unlist takes row i out of its list.
func (ix *ivfIndex) unlist(i int) {
	c := ix.of[i]
	if c < 0 {
		return
	}
	l := ix.lists[c]
	if k := slices.Index(l, int32(i)); k >= 0 {
		ix.lists[c] = slices.Delete(l, k, k+1)
	}
	ix.of[i] = -1
}

// moved records that the shard moved its last row, last, into row i's
// place (Shard.remove) and dropped row i. Callers hold the write lock.
func (ix *ivfIndex) moved(last, i int) {
	ix.unlist(i)
	if i != last {
		if c := ix.of[last]; c >= 0 {
			l := ix.lists[c]
			l[slices.Index(l, int32(last))] = int32(i)
		}
		ix.of[i] = ix.of[last]
	}
	ix.of = ix.of[:last]
}

// probed is the ivfProbe lists whose centroids are nearest q, nearest
// first.
func (ix *ivfIndex) probed(qq query) []int {
	dots := make([]int32, len(ix.centScales))
	qq.dots(ix.cents, dots)
	order := make([]int, len(dots))
	for c := range order {
		order[c] = c
	}
	score := func(c int) float64 { return qq.cosine(dots[c], ix.centScales[c]) }
	slices.SortStableFunc(order, func(a, b int) int {
		sa, sb := score(a), score(b)
		switch {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return 0
	})
	return order[:min(ivfProbe, len(order))]
}

// bytes is the index's heap: its centroids, lists and row map.
func (ix *ivfIndex) bytes() int64 {
	n := int64(cap(ix.cents)) + int64(cap(ix.centScales))*4 + int64(cap(ix.of))*4
	for _, l := range ix.lists {
		n += sliceHeader + int64(cap(l))*4
	}
	return n
}

// scanApprox offers tops the rows of the lists nearest qq, each scored as
// scanEach scores it, and reports whether every top is full: when one is
// not, the filters wanted rows the lists do not hold. Callers hold the read
// lock.
func (s *Shard) scanApprox(qq query, p plane, ix *ivfIndex, keeps []func(*Row) bool, tops []*TopK) bool {
	var dot [1]int32
	for _, c := range ix.probed(qq) {
		for _, i := range ix.lists[c] {
			qq.dots(p.vecs[int(i)*p.dim:(int(i)+1)*p.dim], dot[:])
			s.offer(&s.rows[i], qq.cosine(dot[0], p.scales[i]), keeps, tops)
		}
	}
	return !slices.ContainsFunc(tops, func(t *TopK) bool { return len(t.h) < t.k })
}
