package bench

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/service/search"
)

// drawSamples draws n samples of known classes whose measures follow the
// logistic model truth: positives with probability σ(truth), the rest
// negatives, so a fit should find truth again.
func drawSamples(seed uint64, n int, truth search.RelevanceModel) []Sample {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]Sample, n)
	for i := range out {
		cover := rng.Float64()
		m := index.Match{QueryCover: cover, RestCover: cover * rng.Float64(), Cosine: rng.Float64() * 0.6}
		p := truth.Score(m)
		out[i] = Sample{Positive: rng.Float64() < p, Score: p, Relevant: p >= 0.5, Match: &m}
	}
	return out
}

func TestFitRelevanceRecoversTheModel(t *testing.T) {
	// Balancing the classes moves only the bias (by their log odds); the
	// slopes are the truth's.
	truth := search.RelevanceModel{Bias: -4, QueryCover: 4, RestCover: 3, Cosine: 6.67}
	samples := drawSamples(7, 20000, truth)
	fit, err := FitRelevance(engine.ModeHybrid, samples)
	if err != nil {
		t.Fatal(err)
	}
	p, n := countClasses(samples)
	shift := math.Log(float64(n) / float64(p)) // balancing moves only the bias, by the log odds of the classes
	got := fit.Model
	if math.Abs(got.Bias-(truth.Bias+shift)) > 0.3 || math.Abs(got.QueryCover-truth.QueryCover) > 0.4 ||
		math.Abs(got.RestCover-truth.RestCover) > 0.8 || math.Abs(got.Cosine-truth.Cosine) > 0.7 {
		t.Errorf("fit %+v, want about %+v with bias %+.2f", got, truth, shift)
	}
	if fit.Positives != p || fit.Negatives != n || fit.Iterations < 2 {
		t.Errorf("fit %+v", fit)
	}
}

// Text mode's model reads the rest of the query cover (index.Match.RestCover)
// beside the cover, and the fit finds its weight.
func TestFitRelevanceRecoversTextModel(t *testing.T) {
	truth := search.RelevanceModel{Bias: -3, QueryCover: 5, RestCover: 6}
	samples := drawSamples(11, 20000, truth)
	fit, err := FitRelevance(engine.ModeText, samples)
	if err != nil {
		t.Fatal(err)
	}
	p, n := countClasses(samples)
	shift := math.Log(float64(n) / float64(p))
	got := fit.Model
	if math.Abs(got.Bias-(truth.Bias+shift)) > 0.3 || math.Abs(got.QueryCover-truth.QueryCover) > 0.5 ||
		math.Abs(got.RestCover-truth.RestCover) > 0.8 || got.Cosine != 0 {
		t.Errorf("fit %+v, want about %+v with bias %+.2f and no cosine", got, truth, shift)
	}
}

// TestFitRelevanceBalances: repeating every negative of a set ten times
// changes nothing, nor does a set's size against another's.
func TestFitRelevanceBalances(t *testing.T) {
	truth := search.RelevanceModel{Bias: -3, QueryCover: 6}
	a, b := drawSamples(1, 3000, truth), drawSamples(2, 3000, truth)
	base, err := FitRelevance(engine.ModeText, a, b)
	if err != nil {
		t.Fatal(err)
	}
	var heavy []Sample
	for _, s := range b {
		heavy = append(heavy, s)
		for range 9 * b2i(!s.Positive) {
			heavy = append(heavy, s)
		}
	}
	again, err := FitRelevance(engine.ModeText, a, append(heavy, heavy...))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(again.Model.Bias-base.Model.Bias) > 0.011 || math.Abs(again.Model.QueryCover-base.Model.QueryCover) > 0.011 ||
		math.Abs(again.Model.RestCover-base.Model.RestCover) > 0.011 || again.Model.Cosine != 0 {
		t.Errorf("fit %+v after reweighting, want %+v (text mode reads no cosine)", again.Model, base.Model)
	}
}

func TestFitRelevanceErrors(t *testing.T) {
	m := &index.Match{QueryCover: 0.5}
	tests := []struct {
		name    string
		sets    [][]Sample
		mention string
	}{
		{"no samples", nil, "no samples"},
		{"one class", [][]Sample{{{Positive: true, Match: m}}}, "needs both"},
		{"no measures", [][]Sample{{{Positive: true, Match: m}, {Positive: false}}}, "--via engine"},
		{"another mode's samples", [][]Sample{{{Mode: engine.ModeVector, Positive: true, Match: m}, {Positive: false, Match: m}}}, "vector-mode samples"},
		{"constant measures", [][]Sample{{{Positive: true, Match: m}, {Positive: false, Match: m}}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FitRelevance(engine.ModeText, tt.sets...)
			if tt.mention == "" {
				// Identical measures of both classes: the fit is defined
				// (the ridge) and says even odds.
				if err != nil {
					t.Errorf("err = %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.mention) {
				t.Errorf("err = %v, want it to mention %q", err, tt.mention)
			}
		})
	}
}

func TestSamplesRoundTrip(t *testing.T) {
	in := drawSamples(3, 5, search.RelevanceModel{Bias: -1, Cosine: 3})
	var buf bytes.Buffer
	if err := WriteSamples(&buf, in); err != nil {
		t.Fatal(err)
	}
	out, err := ReadSamples(&buf)
	if err != nil || len(out) != 5 || *out[4].Match != *in[4].Match || out[4].Positive != in[4].Positive {
		t.Fatalf("round trip: %v, %+v", err, out)
	}
	if _, err := ReadSamples(strings.NewReader("{\"positive\":true}\nnot json\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("err = %v, want the bad line named", err)
	}
}

func TestRescore(t *testing.T) {
	m := index.Match{QueryCover: 1}
	out := Rescore(search.RelevanceModel{Bias: -1, QueryCover: 2}, 0.5, []Sample{{Score: 0.1, Match: &m}, {Score: 0.9}})
	if out[0].Score != round(1/(1+math.Exp(-1))) || !out[0].Relevant || out[1].Score != 0.9 {
		t.Errorf("rescored %+v", out)
	}
}

func TestSamplesMode(t *testing.T) {
	hybrid, text := Sample{Mode: engine.ModeHybrid}, Sample{Mode: engine.ModeText}
	if mode, err := SamplesMode([][]Sample{{hybrid}, {hybrid, hybrid}}); err != nil || mode != engine.ModeHybrid {
		t.Errorf("mode %q, err %v", mode, err)
	}
	if _, err := SamplesMode([][]Sample{{hybrid}, {text}}); err == nil || !strings.Contains(err.Error(), "mix") {
		t.Errorf("mixed modes: err = %v", err)
	}
	if _, err := SamplesMode([][]Sample{{{}}}); err == nil || !strings.Contains(err.Error(), "--mode") {
		t.Errorf("no mode: err = %v", err)
	}
}
