package bench

import (
	"errors"
	"fmt"
	"math"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/service/search"
)

// RelevanceFit is the relevance model (search.RelevanceModel) fitted to
// labelled samples. A mode's model reads only the measures the mode has
// (text: no cosine; vector: no query cover) and uses (see features).
type RelevanceFit struct {
	Mode  string                `json:"mode"`
	Model search.RelevanceModel `json:"model"`
	// Positives and Negatives count the samples of every set.
	Positives  int `json:"positives"`
	Negatives  int `json:"negatives"`
	Iterations int `json:"iterations"`
}

// features are the inputs a mode's model reads, after the constant 1.
// Vector mode reads only the cosine; text mode the query cover and the
// rest of it; hybrid all three: a second shared term lifts a prompt's
// right memory where one shared word alone does not (relevance.go).
func features(mode string, m index.Match) []float64 {
	switch mode {
	case engine.ModeText:
		return []float64{1, m.QueryCover, m.RestCover}
	case engine.ModeVector:
		return []float64{1, m.Cosine}
	}
	return []float64{1, m.QueryCover, m.RestCover, m.Cosine}
}

// fitRidge keeps the fit defined when a measure separates the classes
// perfectly (tiny sets); on a dev set it moves no coefficient visibly.
const fitRidge = 1e-4

// FitRelevance fits mode's model to sets of samples (one set per dataset)
// by Newton's method on the weighted log-loss. Classes are balanced within
// each set and every set weighs the same, so neither the share of
// relevant results in a top k nor the size of a dataset sets the scale:
// the fitted score is the chance of relevance at even odds, which is
// what a floor of 0.5 reads.
func FitRelevance(mode string, sets ...[]Sample) (RelevanceFit, error) {
	fit := RelevanceFit{Mode: mode}
	var xs [][]float64
	var ys, ws []float64
	for i, set := range sets {
		p, n := countClasses(set)
		if p == 0 || n == 0 {
			return fit, fmt.Errorf("fit: set %d has %d positives and %d negatives; it needs both", i+1, p, n)
		}
		fit.Positives, fit.Negatives = fit.Positives+p, fit.Negatives+n
		for _, s := range set {
			if s.Mode != "" && s.Mode != mode {
				return fit, fmt.Errorf("fit: set %d holds %s-mode samples, not %s: each mode's model is fitted to its own", i+1, s.Mode, mode)
			}
			if s.Match == nil {
				return fit, fmt.Errorf("fit: set %d has a sample without its measures (searched over HTTP? use --via engine)", i+1)
			}
			w, y := 1/float64(2*n*len(sets)), 0.0
			if s.Positive {
				w, y = 1/float64(2*p*len(sets)), 1
			}
			xs, ys, ws = append(xs, features(mode, *s.Match)), append(ys, y), append(ws, w)
		}
	}
	if len(xs) == 0 {
		return fit, errors.New("fit: no samples")
	}
	beta, iters, err := newtonLogistic(xs, ys, ws)
	if err != nil {
		return fit, err
	}
	fit.Iterations = iters
	// Two decimals, as relevance.go writes them: finer moves no score.
	r2 := func(x float64) float64 { return math.Round(x*100) / 100 }
	fit.Model.Bias = r2(beta[0])
	switch mode {
	case engine.ModeText:
		fit.Model.QueryCover, fit.Model.RestCover = r2(beta[1]), r2(beta[2])
	case engine.ModeVector:
		fit.Model.Cosine = r2(beta[1])
	default:
		fit.Model.QueryCover, fit.Model.RestCover, fit.Model.Cosine = r2(beta[1]), r2(beta[2]), r2(beta[3])
	}
	return fit, nil
}

// SamplesMode is the search mode every sample of sets was measured in.
func SamplesMode(sets [][]Sample) (string, error) {
	mode := ""
	for _, set := range sets {
		for _, s := range set {
			switch {
			case s.Mode == "":
				return "", errors.New("fit: a sample does not say its search mode; give --mode")
			case mode != "" && s.Mode != mode:
				return "", fmt.Errorf("fit: the samples mix %s and %s mode; fit each mode on its own", mode, s.Mode)
			}
			mode = s.Mode
		}
	}
	return mode, nil
}

func countClasses(set []Sample) (p, n int) {
	for _, s := range set {
		if s.Positive {
			p++
		} else {
			n++
		}
	}
	return p, n
}

// newtonLogistic minimises Σ w·logloss(y, σ(β·x)) + fitRidge/2·|β|² (the
// constant left unpenalised) and returns β and the iterations it took.
func newtonLogistic(xs [][]float64, ys, ws []float64) ([]float64, int, error) {
	d := len(xs[0])
	beta := make([]float64, d)
	for iter := 1; iter <= 100; iter++ {
		grad := make([]float64, d)
		hess := make([][]float64, d)
		for j := range hess {
			hess[j] = make([]float64, d)
		}
		for i, x := range xs {
			p := 1 / (1 + math.Exp(-dot(beta, x)))
			for j := range d {
				grad[j] += ws[i] * (p - ys[i]) * x[j]
				for k := range d {
					hess[j][k] += ws[i] * p * (1 - p) * x[j] * x[k]
				}
			}
		}
		for j := 1; j < d; j++ {
			grad[j] += fitRidge * beta[j]
			hess[j][j] += fitRidge
		}
		step, err := solve(hess, grad)
		if err != nil {
			return nil, iter, err
		}
		var size float64
		for j := range d {
			beta[j] -= step[j]
			size = math.Max(size, math.Abs(step[j]))
		}
		if size < 1e-9 {
			return beta, iter, nil
		}
	}
	return beta, 100, nil
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// solve solves a·x = b by Gaussian elimination with partial pivoting (a is
// at most 4×4 here); a and b are overwritten.
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	for c := range n {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if math.Abs(a[piv][c]) < 1e-12 {
			return nil, errors.New("fit: the measures do not vary across the samples; nothing to fit")
		}
		a[c], a[piv] = a[piv], a[c]
		b[c], b[piv] = b[piv], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, nil
}

// FitReport is a fit and what it would change on each set of samples.
type FitReport struct {
	Fit  RelevanceFit `json:"fit"`
	Sets []FitSet     `json:"sets"`
}

// FitSet compares one set's calibration as measured (Before) with the one
// the fitted model predicts (After: the set's samples rescored from their
// measures). The prediction keeps each result's best-scoring clause
// (recall.Clauses) as the old model chose it; a bench run after the new
// coefficients are in confirms it.
type FitSet struct {
	Name   string      `json:"name"`
	Before Calibration `json:"before"`
	After  Calibration `json:"after"`
	// Alone is the model fitted to this set only: sets whose own fits
	// disagree much say the model does not carry from one kind of data to
	// another.
	Alone search.RelevanceModel `json:"alone"`
}

// FitAndCompare fits mode's model to the named sets and reports each set's
// calibration at floor before and after.
func FitAndCompare(mode string, floor float64, names []string, sets [][]Sample) (*FitReport, error) {
	fit, err := FitRelevance(mode, sets...)
	if err != nil {
		return nil, err
	}
	rep := &FitReport{Fit: fit}
	for i, set := range sets {
		alone, err := FitRelevance(mode, set)
		if err != nil {
			return nil, err
		}
		rep.Sets = append(rep.Sets, FitSet{Name: names[i], Before: Calibrate(set, floor),
			After: Calibrate(Rescore(fit.Model, floor, set), floor), Alone: alone.Model})
	}
	return rep, nil
}

// Rescore is samples scored by model and judged against floor.
func Rescore(model search.RelevanceModel, floor float64, samples []Sample) []Sample {
	out := make([]Sample, len(samples))
	for i, s := range samples {
		out[i] = s
		if s.Match != nil {
			out[i].Score = round(model.Score(*s.Match))
			out[i].Relevant = out[i].Score >= floor
		}
	}
	return out
}
