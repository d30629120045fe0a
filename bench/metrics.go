package bench

import (
	"math"
	"slices"
	"time"
)

// QuestionScore is how well one question's evidence was retrieved.
type QuestionScore struct {
	Recall float64 // share of the evidence turns among the top k
	Hit    bool    // at least one evidence turn among the top k
	RR     float64 // 1/rank of the first hit holding an evidence turn, 0 when none in the top k
}

// ScoreQuestion scores the ranked hits, each given as the turn ids it
// stands for (one per hit for raw turns; a fact may cite several turns),
// against evidence, looking at the first k hits only.
func ScoreQuestion(evidence []string, hits [][]string, k int) QuestionScore {
	if len(evidence) == 0 {
		return QuestionScore{}
	}
	want := map[string]bool{}
	for _, id := range evidence {
		want[id] = true
	}
	found := map[string]bool{}
	var s QuestionScore
	for rank, turns := range hits[:min(k, len(hits))] {
		for _, id := range turns {
			if !want[id] {
				continue
			}
			found[id] = true
			if s.RR == 0 {
				s.RR = 1 / float64(rank+1)
			}
		}
	}
	s.Recall = float64(len(found)) / float64(len(want))
	s.Hit = len(found) > 0
	return s
}

// Scores are averaged question scores.
type Scores struct {
	N      int     `json:"n"`
	Recall float64 `json:"recall"`
	Hit    float64 `json:"hit"`
	MRR    float64 `json:"mrr"`
}

// tally accumulates question scores into averages.
type tally struct {
	n                int
	recall, hit, mrr float64
}

func (t *tally) add(s QuestionScore) {
	t.n++
	t.recall += s.Recall
	t.mrr += s.RR
	if s.Hit {
		t.hit++
	}
}

func (t *tally) scores() Scores {
	if t.n == 0 {
		return Scores{}
	}
	n := float64(t.n)
	return Scores{N: t.n, Recall: round(t.recall / n), Hit: round(t.hit / n), MRR: round(t.mrr / n)}
}

// Latency summarises search durations in milliseconds.
type Latency struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean_ms"`
	P50  float64 `json:"p50_ms"`
	P95  float64 `json:"p95_ms"`
	P99  float64 `json:"p99_ms"`
	Max  float64 `json:"max_ms"`
}

// Summarise computes nearest-rank percentiles of durations.
func Summarise(durations []time.Duration) Latency {
	if len(durations) == 0 {
		return Latency{}
	}
	d := slices.Clone(durations)
	slices.Sort(d)
	var sum time.Duration
	for _, x := range d {
		sum += x
	}
	return Latency{N: len(d), Mean: ms(sum / time.Duration(len(d))), P50: ms(Percentile(d, 50)),
		P95: ms(Percentile(d, 95)), P99: ms(Percentile(d, 99)), Max: ms(d[len(d)-1])}
}

// Percentile is the nearest-rank p-th percentile of sorted: the smallest
// value with at least p% of the values at or below it.
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

func ms(d time.Duration) float64 { return round(float64(d) / float64(time.Millisecond)) }

// round keeps four decimals, enough for a report and stable in JSON.
func round(x float64) float64 { return math.Round(x*1e4) / 1e4 }
