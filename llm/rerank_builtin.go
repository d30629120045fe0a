package llm

import (
	"context"
	"fmt"
)

// BuiltinRerankerName is the Name() of the built-in reranker.
const BuiltinRerankerName = "builtin-pairwise"

// Weights of the built-in reranker's score; they sum to 1, so scores lie in [0, 1].
const (
	rerankCoverage  = 0.6
	rerankProximity = 0.25
	rerankPhrase    = 0.15
	// synonymCredit is how much a query word counts as present when only a WordNet synonym of it is.
	synonymCredit = 0.5
)

// builtinReranker is a pairwise lexical scorer: no model, see NewBuiltinReranker.
type builtinReranker struct{ an *analyzer }

// NewBuiltinReranker returns the built-in reranker ("builtin-pairwise"), which needs no model. For a query q
// and a document d, both analysed like the built-in embedder's input (stems after irregular forms; stop words
// dropped unless q has nothing else), with w(t) the specificity of query term t:
//
//	coverage  C = Σ w(t)·credit(t, d) / Σ w(t)     credit 1 if t's stem occurs in d, 0.5 if only a word
//	                                                sharing a WordNet sense does, else 0
//	proximity P = m / (length of the shortest span of d containing the m ≥ 2 query terms it matches);
//	              1 when q has a single term that d matches; else 0
//	phrase    E = L / |q| where L ≥ 2 is the longest run of consecutive query terms that d contains in the
//	              same order, consecutively (stop words skipped); 1 for a one-term query d matches; else 0
//	score     = 0.6·C + 0.25·P + 0.15·E, in [0, 1]
//
// It panics only if the embedded lexicon is corrupt, which the package's tests rule out.
func NewBuiltinReranker() Reranker {
	an, err := newAnalyzer()
	if err != nil {
		panic(fmt.Sprintf("llm: built-in reranker: %v", err))
	}
	return &builtinReranker{an: an}
}

// Name implements Reranker.
func (r *builtinReranker) Name() string { return BuiltinRerankerName }

// Rerank implements Reranker. It checks ctx between documents.
func (r *builtinReranker) Rerank(ctx context.Context, query string, docs []string) ([]float64, error) {
	qt := r.an.analyze(query)
	withoutSelf(qt)
	q := contentTerms(qt)
	scores := make([]float64, len(docs))
	for i, d := range docs {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("builtin rerank: %w", err)
		}
		scores[i] = pairScore(q, contentTerms(r.an.analyze(d)))
	}
	return scores, nil
}

// contentTerms drops stop words, unless that would leave nothing.
func contentTerms(terms []term) []term {
	out := make([]term, 0, len(terms))
	for _, t := range terms {
		if !t.stop {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return terms
	}
	return out
}

// pairScore is the documented score of query terms q against document terms d.
func pairScore(q, d []term) float64 {
	q = dedupe(q)
	if len(q) == 0 || len(d) == 0 {
		return 0
	}
	var total, got float64
	matched := make([]bool, len(q))
	for i, t := range q {
		total += t.weight
		c := credit(t, d)
		got += t.weight * c
		matched[i] = c == 1
	}
	return rerankCoverage*(got/total) + rerankProximity*proximity(q, d, matched) + rerankPhrase*phrase(q, d)
}

// dedupe keeps the first occurrence of each query stem.
func dedupe(q []term) []term {
	seen := make(map[string]bool, len(q))
	out := q[:0:0]
	for _, t := range q {
		if !seen[t.stem] {
			seen[t.stem] = true
			out = append(out, t)
		}
	}
	return out
}

func sameStem(a, b term) bool {
	return a.stem == b.stem || (a.alt != "" && a.alt == b.stem) || (b.alt != "" && b.alt == a.stem) ||
		(a.alt != "" && a.alt == b.alt)
}

// credit is 1 when d contains t's stem, synonymCredit when it contains a word sharing one of t's WordNet
// senses, else 0.
func credit(t term, d []term) float64 {
	best := 0.0
	for _, x := range d {
		if sameStem(t, x) {
			return 1
		}
		if best == 0 && sharesID(t.entry.Syn, x.entry.Syn) {
			best = synonymCredit
		}
	}
	return best
}

func sharesID(a, b []int32) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// proximity is m divided by the length of the shortest span of d that contains all m exactly matched query
// terms (m >= 2); 1 for a one-term query that d matches; else 0.
func proximity(q, d []term, matched []bool) float64 {
	var want []term
	for i, ok := range matched {
		if ok {
			want = append(want, q[i])
		}
	}
	switch {
	case len(want) == 0:
		return 0
	case len(want) == 1:
		if len(q) == 1 {
			return 1
		}
		return 0
	}
	return float64(len(want)) / float64(shortestSpan(want, d))
}

// shortestSpan is the length (in terms) of the shortest window of d containing every term of want; every term
// of want occurs in d. Classic sliding window over d.
func shortestSpan(want, d []term) int {
	which := func(x term) int {
		for i, t := range want {
			if sameStem(t, x) {
				return i
			}
		}
		return -1
	}
	counts := make([]int, len(want))
	have, best, lo := 0, len(d)+1, 0
	for hi, x := range d {
		if k := which(x); k >= 0 {
			if counts[k] == 0 {
				have++
			}
			counts[k]++
		}
		for have == len(want) {
			best = min(best, hi-lo+1)
			if k := which(d[lo]); k >= 0 {
				counts[k]--
				if counts[k] == 0 {
					have--
				}
			}
			lo++
		}
	}
	return best
}

// phrase is L/|q| for the longest run L >= 2 of consecutive query terms found consecutively in d (L = 1 will do
// for a one-term query), else 0.
func phrase(q, d []term) float64 {
	best := 0
	for i := range q {
		for j := range d {
			n := 0
			for i+n < len(q) && j+n < len(d) && sameStem(q[i+n], d[j+n]) {
				n++
			}
			best = max(best, n)
		}
	}
	if best < 2 && len(q) > 1 {
		return 0
	}
	return float64(best) / float64(len(q))
}
