package index

import "slices"

// A passage is a turn read together with the turns around it in its session:
// its own terms, plus each neighbour's terms counted decay[d-1] times for the
// neighbour d turns away. Scoring passages with BM25 finds the answer whose
// topic was set by the question before it ("Where did you go?" / "Woodhaven,
// a small town…"): the query's terms are spread over the exchange, and a
// passage that covers more of them wins, where term-frequency saturation
// keeps the turns that merely repeat a neighbour's words from doing so.
//
// A neighbour in the turn's own burst (the same speaker's messages in a row,
// as chat apps send them) counts burstShare of its decay: a burst is one
// speaker going on about one topic, so its turns shared their words fully
// and tied, filling the top with one exchange, while the turn that said the
// query's words itself should lead it. The other speaker's turns keep their
// full weight: they set the topic a reply answers. Recall@10 REALTALK dev
// (raw / no session ids / rerank / rerank without session ids), share 1 →
// 0.5: 0.6736 / 0.6685 / 0.6752 / 0.6684 → 0.6748 / 0.6759 / 0.6775 / 0.6795;
// LoCoMo, whose speakers alternate, unchanged (0.7909). Shares 0.3 / 0.4 /
// 0.6 / 0.7: REALTALK 0.6712 / 0.6740 / 0.6705 / 0.6740 and 0.6732 / 0.6767
// / 0.6716 / 0.6689 (one question moves about 0.004).
//
// Bursts read as one unit lost where tried (recall@10 LoCoMo / REALTALK,
// from 0.7941 / 0.6771; a burst there is one speaker's messages each
// within 5 minutes of the last, up to 8 turns away):
//   - a burst view (each turn scored with its burst's BM25 hits, shares
//     0.5 and 1) fused at 0.3 / 0.6 / 1: 0.7900 / 0.6732–0.6748,
//     0.7818 / 0.6736, 0.7732 / 0.6689–0.6728; lending only (a turn's own
//     score left out) at 0.1 / 0.3 / 0.6: LoCoMo unchanged, REALTALK
//     0.6755 / 0.6724 / 0.6720;
//   - the turn a burst answers (the other speaker's message before it)
//     as an extra neighbour of the burst's turns beyond the span, at
//     weights 0.8 / 0.64 / 0.512 / 0.256: REALTALK 0.6752–0.6755 (0.6759
//     without session ids, from 0.6775);
//   - the reverse, at most 1 / 2 / 3 turns of one burst in the top 10
//     (the rest after it): REALTALK 0.6249 / 0.6603 / 0.6724. A burst's
//     turns are often evidence together, so the top keeps them.
const burstShare = 0.5

// passageLayout is, for every text document, its neighbour documents and its
// passage's length. It depends only on the shard's contents, so it is built
// once per version of them and shared by the searches until the next write.
// Read-only once built.
type passageLayout struct {
	version uint64
	decay   []float64
	// weight is, per neighbour code, how much a neighbour's terms count:
	// code d-1 for a turn d away, span+d-1 for one d away in the same burst.
	weight []float64
	// Doc i's neighbours are nbr[start[i]:start[i+1]], each of code
	// dist[k]: only the ones that exist, so scoring a posting visits no gaps.
	start []int32
	nbr   []int32
	dist  []uint8
	// norm is, per doc, BM25's length norm of its passage (lengthNorm,
	// for k1 and b): computed once here rather than for every term of
	// every search, where its division was a fifth of the scoring.
	norm  []float64
	k1, b float64
}

// layout returns the passage layout for decay, building it when writes have
// changed the shard since the last one. Callers hold the read lock. A write
// that landed between refreshing the session order and taking that lock
// leaves the order stale: such a layout serves this search but is not kept.
func (s *Shard) layout(decay []float64, k1, b float64) *passageLayout {
	s.passageMu.Lock()
	defer s.passageMu.Unlock()
	if l := s.passages; l != nil && l.version == s.version && slices.Equal(l.decay, decay) && l.k1 == k1 && l.b == b {
		return l
	}
	l := s.buildLayout(decay, k1, b)
	if len(s.sessions.dirty) == 0 {
		s.passages = l
	}
	return l
}

func (s *Shard) buildLayout(decay []float64, k1, b float64) *passageLayout {
	x := &s.text
	span := len(decay)
	l := &passageLayout{version: s.version, decay: slices.Clone(decay), k1: k1, b: b,
		weight: burstWeights(decay), start: make([]int32, len(x.docs)+1)}
	length := make([]float64, len(x.docs)) // per doc, the passage's length
	// neighbours is per doc, 2·span docs: index 2(d-1) the turn d before,
	// 2(d-1)+1 the turn d after; -1 none. Compacted into nbr below, with
	// codes (the weight index of each).
	neighbours := make([]int32, len(x.docs)*2*span)
	codes := make([]uint8, len(x.docs)*2*span)
	for i := range neighbours {
		neighbours[i] = -1
	}
	for doc, d := range x.docs {
		length[doc] = float64(d.length)
	}
	var docs, bursts []int32
	for _, ids := range s.sessions.order {
		docs = s.liveDocs(ids, docs[:0])
		bursts = s.burstsOf(docs, bursts)
		for at, doc := range docs {
			if doc < 0 {
				continue
			}
			for d := 1; d <= span; d++ {
				for side, n := range [2]int{at - d, at + d} {
					if n >= 0 && n < len(docs) && docs[n] >= 0 {
						code := d - 1
						if bursts[n] == bursts[at] {
							code += span
						}
						slot := int(doc)*2*span + 2*(d-1) + side
						neighbours[slot], codes[slot] = docs[n], uint8(code)
						length[doc] += l.weight[code] * float64(x.docs[docs[n]].length)
					}
				}
			}
		}
	}
	l.compact(neighbours, codes, span)
	l.norm = s.lengthNorms(length, k1, b)
	return l
}

// liveDocs appends to docs the text doc of each of a session's ids, -1 for
// one deleted or not indexed, so positions stay the session's.
func (s *Shard) liveDocs(ids []string, docs []int32) []int32 {
	x := &s.text
	for _, id := range ids {
		doc, ok := x.byID[id]
		if !ok || x.docs[doc].row < 0 {
			docs = append(docs, -1)
			continue
		}
		docs = append(docs, int32(doc))
	}
	return docs
}

// lengthNorms turns each live doc's passage length into BM25's length
// norm against the live passages' mean, in place.
func (s *Shard) lengthNorms(length []float64, k1, b float64) []float64 {
	x := &s.text
	var total float64
	for doc, d := range x.docs {
		if d.row >= 0 {
			total += length[doc]
		}
	}
	avg := max(total/float64(max(x.live, 1)), 1)
	for doc, n := range length {
		length[doc] = lengthNorm(n, avg, k1, b)
	}
	return length
}

// burstWeights are the weights of the neighbour codes (passageLayout.weight):
// decay, then decay times burstShare.
func burstWeights(decay []float64) []float64 {
	w := slices.Clone(decay)
	for _, d := range decay {
		w = append(w, d*burstShare)
	}
	return w
}

// burstsOf numbers the bursts of a session's docs (-1: no doc) into out:
// consecutive turns of one known speaker share a number, and a turn whose
// speaker is unknown is a burst of its own. A gap (-1) does not end a burst.
func (s *Shard) burstsOf(docs []int32, out []int32) []int32 {
	out = out[:0]
	n, last := int32(0), ""
	for _, doc := range docs {
		if doc < 0 {
			out = append(out, -1)
			continue
		}
		sp := s.rows[s.text.docs[doc].row].Speaker
		if sp == "" || sp != last {
			n++
		}
		last = sp
		out = append(out, n)
	}
	return out
}

// compact keeps the neighbours that exist, in the same order, with their codes.
func (l *passageLayout) compact(neighbours []int32, codes []uint8, span int) {
	n := 0
	for _, d := range neighbours {
		if d >= 0 {
			n++
		}
	}
	l.nbr, l.dist = make([]int32, 0, n), make([]uint8, 0, n)
	for doc := range len(l.start) - 1 {
		for j, d := range neighbours[doc*2*span : (doc+1)*2*span] {
			if d >= 0 {
				l.nbr, l.dist = append(l.nbr, d), append(l.dist, codes[doc*2*span+j])
			}
		}
		l.start[doc+1] = int32(len(l.nbr))
	}
}

// PassageSearch scores the shard's documents as passages (see above) for the
// weighted query terms with BM25 (document frequencies and IDF are the
// turns' own; weight 1 when weights has none for a term) and returns the
// best limit of those keep accepts, best first, ties by id.
// Memories without a session are passages of themselves. keep filters the
// passages returned, not the turns they read: a superseded turn was still
// said, and still sets the topic of the turns around it.
func (s *Shard) PassageSearch(terms []string, weights map[string]float64, decay []float64, k1, b float64, keep func(*Row) bool, limit int) []Hit {
	s.freshSessions()
	s.mu.RLock()
	defer s.mu.RUnlock()
	x := &s.text
	if x.live == 0 || limit <= 0 || len(terms) == 0 {
		return nil
	}
	c, scan := s.passageScan(terms, weights, decay, k1, b)
	return c.run(scan, keep, limit)
}

// passageScan is PassageSearch's scan. Callers hold the read lock.
func (s *Shard) passageScan(terms []string, weights map[string]float64, decay []float64, k1, b float64) (*bm25Scan, []termScan) {
	x := &s.text
	l := s.layout(decay, k1, b)
	scan := make([]termScan, 0, len(terms))
	for _, t := range terms {
		if pl := x.postings[t]; len(pl.list) > 0 {
			idf := IDF(x.live, min(len(pl.list), x.live))
			if w, ok := weights[t]; ok {
				idf *= w
			}
			scan = append(scan, termScan{term: t, list: pl.list, maxTF: pl.maxTF, idf: idf})
		}
	}
	return &bm25Scan{s: s, norm: l.norm, k1: k1, b: b,
		start: l.start, nbr: l.nbr, dist: l.dist, decay: decay, weight: l.weight}, scan
}
