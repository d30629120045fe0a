package bench

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/memsvc/memsvc/engine/index"
)

// Calibration says how well search scores (the calibrated chance that a
// memory is relevant, engine/service/search/relevance.go) separate relevant
// memories from irrelevant ones, and whether they mean what they say.
//
// Positives are a question's evidence turns found in its top k. Negatives
// are the top k of the same question asked of another conversation's store
// (negativeConversation), where nothing can be relevant. Hits of the
// question's own store that hold no evidence are left out: they are
// unlabelled, not known irrelevant.
type Calibration struct {
	Floor     float64 `json:"floor,omitempty"` // the relevance floor the searches ran with, as given
	Positives int     `json:"positives"`
	Negatives int     `json:"negatives"`
	TPR       float64 `json:"tpr"` // share of positives marked relevant
	FPR       float64 `json:"fpr"` // share of negatives marked relevant
	// AUC is the chance that a random positive scores above a random
	// negative (ties count half): how well the scores separate the classes
	// at any floor.
	AUC         float64             `json:"auc"`
	Reliability []ReliabilityBucket `json:"reliability"`
	// Error is the mean gap between a bucket's mean score and its observed
	// rate, weighted by the bucket's (balanced) share of the samples: 0 when
	// the score is exactly the observed chance of relevance.
	Error float64 `json:"calibration_error"`
}

// ReliabilityBucket compares the mean score of the samples whose score falls
// in [Low, High) with how often they are relevant. Rate weighs positives and
// negatives as equally common overall (each class sums to the same weight),
// the prior the model is fitted with: a score of 0.7 should be relevant 70%
// of the time in every bucket, whatever share of a top k is relevant.
type ReliabilityBucket struct {
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Positives int     `json:"positives"`
	Negatives int     `json:"negatives"`
	MeanScore float64 `json:"mean_score"`
	Rate      float64 `json:"rate"`
}

// reliabilityBuckets is how many equal-width score buckets the reliability
// table has: few enough that each holds enough samples on a dev set.
const reliabilityBuckets = 5

// Sample is one labelled search result: its score, whether it cleared the
// relevance floor, and the measures the score was computed from (nil when
// the searcher cannot see them, as over HTTP).
type Sample struct {
	Mode     string       `json:"mode"` // the search mode, whose model the score is
	Positive bool         `json:"positive"`
	Score    float64      `json:"score"`
	Relevant bool         `json:"relevant"`
	Match    *index.Match `json:"match,omitempty"`
}

// negativeConversation is the conversation whose store answers conversation
// i's questions for negatives: the next one, so every store serves once and
// the choice is the same on every run. -1 when there is no other.
func negativeConversation(i, n int) int {
	if n < 2 {
		return -1
	}
	return (i + 1) % n
}

// labelPositives appends the question's positives among its own top k hits.
func labelPositives(samples []Sample, evidence []string, hits []Hit, k int) []Sample {
	want := map[string]bool{}
	for _, id := range evidence {
		want[id] = true
	}
	for _, h := range hits[:min(k, len(hits))] {
		for _, id := range h.Turns {
			if want[id] {
				samples = append(samples, h.sample(true))
				break
			}
		}
	}
	return samples
}

// labelNegatives appends every hit of the top k of another store.
func labelNegatives(samples []Sample, hits []Hit, k int) []Sample {
	for _, h := range hits[:min(k, len(hits))] {
		samples = append(samples, h.sample(false))
	}
	return samples
}

func (h Hit) sample(positive bool) Sample {
	return Sample{Positive: positive, Score: h.Score, Relevant: h.Relevant, Match: h.Match}
}

// questionRef points at a question: its conversation's index in the
// dataset and its index in the conversation's list.
type questionRef struct{ conv, question int }

// askNegatives asks every asked question again of the store of the
// conversation negativeConversation names and labels its top k. Untimed:
// it is not part of the recall run's latency. With a single conversation
// there is no other store, and so no calibration: the positives go too.
func (ev *evaluation) askNegatives(ctx context.Context, s Searcher, ds *Dataset) error {
	n := len(ds.Conversations)
	for _, ref := range ev.askedRefs {
		j := negativeConversation(ref.conv, n)
		if j < 0 {
			ev.samples = nil
			return nil
		}
		c, other := &ds.Conversations[ref.conv], &ds.Conversations[j]
		if other.ID == c.ID {
			return fmt.Errorf("benchmark: calibration: conversation %s would be its own negative store", c.ID)
		}
		text := c.Questions[ref.question].Text
		hits, _, err := s.Search(ctx, ev.o.UserPrefix+other.ID, ev.query(text, ev.o.K))
		if err != nil {
			return fmt.Errorf("benchmark: calibration: conversation %s asked of %s: %w", c.ID, other.ID, err)
		}
		ev.samples = labelNegatives(ev.samples, hits, ev.o.K)
	}
	return nil
}

// Calibrate computes TPR, FPR and the reliability table of samples.
func Calibrate(samples []Sample, floor float64) Calibration {
	c := Calibration{Floor: floor}
	var tp, fp int
	for _, s := range samples {
		switch {
		case s.Positive:
			c.Positives++
			tp += b2i(s.Relevant)
		default:
			c.Negatives++
			fp += b2i(s.Relevant)
		}
	}
	c.TPR, c.FPR = ratio(tp, c.Positives), ratio(fp, c.Negatives)
	c.AUC = auc(samples)
	c.Reliability, c.Error = reliability(samples, c.Positives, c.Negatives)
	return c
}

// reliability buckets samples by score; see ReliabilityBucket.
func reliability(samples []Sample, positives, negatives int) ([]ReliabilityBucket, float64) {
	out := make([]ReliabilityBucket, reliabilityBuckets)
	sums := make([]float64, reliabilityBuckets)
	for i := range out {
		out[i].Low = float64(i) / reliabilityBuckets
		out[i].High = float64(i+1) / reliabilityBuckets
	}
	for _, s := range samples {
		i := min(int(s.Score*reliabilityBuckets), reliabilityBuckets-1)
		i = max(i, 0)
		sums[i] += s.Score
		if s.Positive {
			out[i].Positives++
		} else {
			out[i].Negatives++
		}
	}
	// Each class weighs 1 in all: a positive 1/positives, a negative 1/negatives.
	wp, wn := 1/float64(max(positives, 1)), 1/float64(max(negatives, 1))
	var gap, total float64
	for i := range out {
		b := &out[i]
		n := b.Positives + b.Negatives
		if n == 0 {
			continue
		}
		b.MeanScore = round(sums[i] / float64(n))
		w := wp*float64(b.Positives) + wn*float64(b.Negatives)
		b.Rate = round(wp * float64(b.Positives) / w)
		gap += w * math.Abs(b.MeanScore-b.Rate)
		total += w
	}
	if total == 0 {
		return out, 0
	}
	return out, round(gap / total)
}

// auc is the Mann–Whitney statistic of the scores: the samples sorted by
// score, each positive counts the negatives below it, ties half.
func auc(samples []Sample) float64 {
	sorted := slices.SortedFunc(slices.Values(samples), func(a, b Sample) int { return cmp.Compare(a.Score, b.Score) })
	var below, negSeen float64
	for i := 0; i < len(sorted); {
		j, pos, neg := i, 0.0, 0.0
		for ; j < len(sorted) && sorted[j].Score == sorted[i].Score; j++ {
			if sorted[j].Positive {
				pos++
			} else {
				neg++
			}
		}
		below += pos * (negSeen + neg/2)
		negSeen += neg
		i = j
	}
	pairs := (float64(len(samples)) - negSeen) * negSeen
	if pairs == 0 {
		return 0
	}
	return round(below / pairs)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return round(float64(a) / float64(b))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
