package index

import (
	"cmp"
	"slices"
)

// bm25Scan scores a shard's documents with BM25, term at a time into dense
// arrays, for plain documents (TextSearch) and for passages (PassageSearch:
// each posting also counts, decayed, for the document's neighbours).
//
// It skips work no top-limit result depends on (MaxScore): terms are taken
// in decreasing order of the most they can add to a score (bound). Once the terms left could add less, together, than the limit-th best
// score so far among the documents keep accepts, no document they alone
// reach can enter, and they are scored only for the documents that still
// can. Those are typically the common terms with long postings, which
// the passages' spreading made the costliest part of a search. Every
// document is scored over the same terms in the same order as without the
// skipping, so results are bit-identical to the exhaustive scan
// (TestBM25ScanSkippingIsExact).
type bm25Scan struct {
	s     *Shard
	norm  []float64 // per doc, its length norm (lengthNorm); nil: from its own length and avg
	avg   float64
	k1, b float64
	// Passages only: doc i's neighbours are nbr[start[i]:start[i+1]],
	// counted weight[dist[k]] times (passageLayout.weight); decay bounds
	// those weights (a burst's are smaller).
	start, nbr []int32
	dist       []uint8
	decay      []float64
	weight     []float64
	exhaustive bool // tests: score every term for every document
	skipped    int  // terms scored for the candidates only, for tests
}

// termScan is one query term: its postings and weighted idf.
type termScan struct {
	term  string
	list  []posting
	maxTF uint32 // the largest tf in list (postingList)
	idf   float64
	most  float64 // the largest score the term can add to a document (bound)
}

// bound sets t.most: BM25 grows with tf and falls with the length norm,
// so a document's score is at most its value at the largest tf the term
// can reach (in a passage: its top tf in every turn read) and the
// smallest norm (length 0).
func (c *bm25Scan) bound(t *termScan) {
	tf := float64(t.maxTF)
	if c.start != nil {
		tf *= 1 + 2*sum(c.decay)
	}
	t.most = termScore(t.idf, tf, c.k1, lengthNorm(0, 1, c.k1, c.b))
}

func sum(xs []float64) (s float64) {
	for _, x := range xs {
		s += x
	}
	return s
}

// Flags of a document in the skipping phase (scanScratch.flag).
const (
	flagCandidate uint8 = 1 << iota // may still enter the top
	flagReads                       // a candidate's passage reads its terms
)

// scanScratch is one query's working memory, recycled between queries:
// dense per-document arrays, so scoring 100k memories allocates nothing new.
type scanScratch struct {
	acc            []docAcc // per document
	flag           []uint8
	termDocs, hits []uint32 // docs the current term reached; docs any term reached
	cands          []uint32 // docs that may still enter the top
	best           float64  // the highest score so far
}

// scanScratches recycles the scratch of finished queries. A bounded free
// list, not a sync.Pool: a pool is emptied by every GC, and then each
// query of a large shard allocated its arrays afresh (measured: 0.5 MB a
// query at 15k memories). It holds at most a few scratches, each as large
// as the largest shard searched.
var scanScratches = make(chan *scanScratch, 8)

func getScanScratch(n int) *scanScratch {
	var p *scanScratch
	select {
	case p = <-scanScratches:
	default:
		p = new(scanScratch)
	}
	if cap(p.acc) < n {
		p.acc, p.flag = make([]docAcc, n), make([]uint8, n)
	}
	p.acc, p.flag = p.acc[:n], p.flag[:n]
	p.termDocs, p.hits, p.best = p.termDocs[:0], p.hits[:0], 0
	return p
}

func putScanScratch(p *scanScratch) {
	select {
	case scanScratches <- p:
	default:
	}
}

// docAcc is one document's sums: side by side, so the scattered
// accesses of a posting's documents miss the cache once, not twice.
type docAcc struct {
	tf    float64 // the current term's frequency
	score float64 // the score so far
}

func (p *scanScratch) addTF(doc uint32, tf float64) {
	a := &p.acc[doc]
	if a.tf == 0 {
		p.termDocs = append(p.termDocs, doc)
	}
	a.tf += tf
}

// run scores terms and returns the best limit documents keep accepts, best
// first, ties by id. Callers hold the shard's read lock.
func (c *bm25Scan) run(terms []termScan, keep func(*Row) bool, limit int) []Hit {
	x := &c.s.text
	p := getScanScratch(len(x.docs))
	defer putScanScratch(p)
	// Highest bound first, equal bounds by term, so the order of the
	// additions, and with it every score's last bit, is fixed.
	for i := range terms {
		c.bound(&terms[i])
	}
	slices.SortStableFunc(terms, func(a, b termScan) int {
		if d := cmp.Compare(b.most, a.most); d != 0 {
			return d
		}
		return cmp.Compare(a.term, b.term)
	})
	// The bounds hold for positive weights and BM25's usual k1 and b only.
	skip := !c.exhaustive && c.k1 >= 0 && c.b >= 0 && c.b <= 1
	for i := range terms {
		skip = skip && terms[i].idf > 0
	}
	done, threshold := 0, 0.0
	for ; done < len(terms); done++ {
		if done > 0 && skip && c.worthSkipping(p, terms[done:]) {
			rest := c.rest(terms[done:])
			if threshold = c.threshold(p, keep, limit); rest < threshold*(1-skipMargin) && c.fewCandidates(p, threshold, rest) {
				break
			}
		}
		c.score(p, &terms[done], false)
	}
	docs := p.hits
	if done < len(terms) {
		docs = c.candidates(p, threshold, c.rest(terms[done:]))
		for i := range terms[done:] {
			c.score(p, &terms[done+i], true)
		}
		c.unflag(p, docs)
		c.skipped = len(terms) - done
	}
	top := NewTopK(limit)
	for _, doc := range docs {
		if score := p.acc[doc].score; !top.Beaten(score) { // filter only what could still enter
			if r := &c.s.rows[x.docs[doc].row]; keep == nil || keep(r) {
				top.Offer(Hit{ID: r.ID, Score: score})
			}
		}
	}
	for _, doc := range p.hits {
		p.acc[doc].score = 0
	}
	return top.Sorted()
}

// skipMargin keeps a document whose bound falls short of the threshold by
// no more than float rounding could explain.
const skipMargin = 1e-9

// rest is the most the terms can add to a score together.
func (c *bm25Scan) rest(terms []termScan) float64 {
	var sum float64
	for i := range terms {
		sum += terms[i].most
	}
	return sum
}

// reach is how many documents' scores one posting adds to on average:
// its own, and in a passage its neighbours'.
func (c *bm25Scan) reach() float64 {
	return 1 + float64(len(c.nbr))/float64(max(len(c.s.text.docs), 1))
}

// worthSkipping reports whether skipping the terms left could pay for
// deciding it (two passes over the documents hit so far): the next term
// alone must reach more documents than that, and the scores so far must
// be able to rule some document out.
func (c *bm25Scan) worthSkipping(p *scanScratch, terms []termScan) bool {
	return c.rest(terms) < p.best && float64(len(terms[0].list))*c.reach() > 2*float64(len(p.hits))
}

// fewCandidates reports whether so few documents may still reach
// threshold that scoring the terms left for them alone saves most of the
// work: their passages read a quarter of the documents at most.
func (c *bm25Scan) fewCandidates(p *scanScratch, threshold, rest float64) bool {
	n := 0
	for _, doc := range p.hits {
		if p.acc[doc].score+rest >= threshold*(1-skipMargin) {
			n++
		}
	}
	return float64(n)*c.reach()*4 <= float64(c.s.text.live)
}

// threshold is the limit-th best score so far among the documents keep
// accepts, which no final score in the top can be below; 0 when fewer
// than limit are accepted.
func (c *bm25Scan) threshold(p *scanScratch, keep func(*Row) bool, limit int) float64 {
	x := &c.s.text
	top := NewTopK(limit)
	for _, doc := range p.hits {
		if score := p.acc[doc].score; !top.Beaten(score) {
			if r := &c.s.rows[x.docs[doc].row]; keep == nil || keep(r) {
				top.Offer(Hit{Score: score})
			}
		}
	}
	if len(top.h) < limit {
		return 0
	}
	return top.h[0].Score
}

// candidates flags the documents that may still reach threshold with the
// terms left (adding at most rest), and the documents their passages read,
// and returns the candidates.
func (c *bm25Scan) candidates(p *scanScratch, threshold, rest float64) []uint32 {
	out := p.cands[:0]
	defer func() { p.cands = out[:0] }()
	for _, doc := range p.hits {
		if p.acc[doc].score+rest < threshold*(1-skipMargin) {
			continue
		}
		out = append(out, doc)
		p.flag[doc] |= flagCandidate | flagReads
		for k := c.neighbours(doc); k.from < k.to; k.from++ {
			p.flag[c.nbr[k.from]] |= flagReads
		}
	}
	return out
}

func (c *bm25Scan) unflag(p *scanScratch, docs []uint32) {
	for _, doc := range docs {
		p.flag[doc] = 0
		for k := c.neighbours(doc); k.from < k.to; k.from++ {
			p.flag[c.nbr[k.from]] = 0
		}
	}
}

type span struct{ from, to int32 }

func (c *bm25Scan) neighbours(doc uint32) span {
	if c.start == nil {
		return span{}
	}
	return span{c.start[doc], c.start[doc+1]}
}

// score adds term t's BM25 score to the documents it reaches, or, when
// flagged, only to the candidates.
func (c *bm25Scan) score(p *scanScratch, t *termScan, flagged bool) {
	x := &c.s.text
	for _, po := range t.list {
		if flagged && p.flag[po.doc] == 0 || x.docs[po.doc].row < 0 {
			continue
		}
		tf := float64(po.tf)
		if !flagged || p.flag[po.doc]&flagCandidate != 0 {
			p.addTF(po.doc, tf)
		}
		for k := c.neighbours(po.doc); k.from < k.to; k.from++ {
			if n := uint32(c.nbr[k.from]); !flagged || p.flag[n]&flagCandidate != 0 {
				p.addTF(n, c.weight[c.dist[k.from]]*tf)
			}
		}
	}
	for _, doc := range p.termDocs {
		a := &p.acc[doc]
		tf := a.tf
		a.tf = 0
		var norm float64
		if c.norm != nil {
			norm = c.norm[doc]
		} else {
			norm = lengthNorm(float64(x.docs[doc].length), c.avg, c.k1, c.b)
		}
		if a.score == 0 {
			p.hits = append(p.hits, doc)
		}
		a.score += termScore(t.idf, tf, c.k1, norm)
		if a.score > p.best {
			p.best = a.score
		}
	}
	p.termDocs = p.termDocs[:0]
}
