package bench

import (
	"context"
	"fmt"
	"strconv"
)

// Report is the JSON result of a recall run.
type Report struct {
	Benchmark     string `json:"benchmark"`
	Format        string `json:"format"`
	Data          string `json:"data,omitempty"`
	Mode          string `json:"mode"`
	K             int    `json:"k"`
	IngestMode    string `json:"ingest_mode"`
	Via           string `json:"via,omitempty"`
	Rerank        bool   `json:"rerank"`
	Reranker      string `json:"reranker,omitempty"` // the reranker that ran, as the searches reported it
	Embedder      string `json:"embedder,omitempty"`
	Categories    []int  `json:"categories,omitempty"` // categories asked; empty: all
	Conversations int    `json:"conversations"`
	Turns         int    `json:"turns"`

	Questions QuestionCounts `json:"questions"`
	Overall   Scores         `json:"overall"`
	// BaselineBM25 is a plain BM25 over the same turns asked the same
	// questions (baseline.go); VsBM25 is Overall's recall over its recall.
	BaselineBM25   Scores            `json:"baseline_bm25"`
	VsBM25         float64           `json:"vs_bm25"`
	ByCategory     map[string]Scores `json:"by_category"`
	ByConversation map[string]Scores `json:"by_conversation"`
	Latency        Latency           `json:"search_latency"`
	Ingest         IngestStats       `json:"ingest"`
	PeakRSSMB      float64           `json:"peak_rss_mb"` // VmHWM of this process; 0 where /proc is unavailable
	Evidence       EvidenceStats     `json:"evidence"`
	UnparsedTimes  int               `json:"unparsed_times"`
	Misses         []Miss            `json:"misses,omitempty"`
	// MissViews says where, view by view, the evidence turns the final top
	// k missed ranked (explain.go); only with Options.ExplainMisses.
	MissViews []ViewMisses `json:"miss_views,omitempty"`
	// NearMisses classifies the missed evidence turns ranked just below the
	// top k (nearmiss.go); only with Options.ExplainMisses.
	NearMisses *NearMisses `json:"near_misses,omitempty"`
	// Calibration measures the scores (calibration.go); nil with fewer than
	// two conversations, which leaves no other store to ask.
	Calibration *Calibration `json:"calibration,omitempty"`
	// Samples are the labelled results Calibration was computed from, for
	// fitting the relevance model (FitRelevance); not part of the JSON.
	Samples []Sample `json:"-"`
	Seconds float64  `json:"seconds"`
}

// QuestionCounts says which questions were asked.
type QuestionCounts struct {
	Total             int `json:"total"`
	Asked             int `json:"asked"`
	SkippedCategory   int `json:"skipped_category"`
	SkippedNoEvidence int `json:"skipped_no_evidence"` // no usable evidence id (or no question text)
	FullyRecalled     int `json:"fully_recalled"`      // every evidence turn in the top k
}

// Miss details one question whose evidence was not all in the top k.
type Miss struct {
	Conversation string         `json:"conversation"`
	Question     string         `json:"question"`
	Answer       string         `json:"answer"`
	Category     int            `json:"category"`
	Recall       float64        `json:"recall"`
	Evidence     []MissEvidence `json:"evidence"`
	Top          []MissHit      `json:"top"` // the top k that was returned instead, in rank order
	// Final is the search's own order (a top-k search's, before the
	// reranker: Explain's "final") to 3k, each memory as its turns; Top
	// comes from the deeper search that finds where the evidence ranks,
	// whose views are cut deeper and so may order the first k otherwise.
	// Only with Options.ExplainMisses.
	Final [][]string `json:"final,omitempty"`
}

// MissEvidence is one evidence turn of a miss and where it ranked.
type MissEvidence struct {
	Turn string `json:"turn"`
	Text string `json:"text"`
	Rank int    `json:"rank"` // 1-based rank in a top-100 search; 0 when not in the top 100
	// Views is its rank in each view of the search (0: not in it); only
	// with Options.ExplainMisses.
	Views map[string]int `json:"views,omitempty"`
}

// MissHit is one returned hit of a miss.
type MissHit struct {
	Turns []string `json:"turns"`
	Text  string   `json:"text"`
}

func newReport(ds *Dataset, t Target, o Options) *Report {
	rep := &Report{Benchmark: "recall", Format: ds.Format, Data: o.Data, Mode: o.Mode, K: o.K, IngestMode: ingestMode(o),
		Via: o.Via, Rerank: o.Rerank, Categories: o.Categories, Conversations: len(ds.Conversations),
		Turns: ds.TurnCount(), ByCategory: map[string]Scores{}, ByConversation: map[string]Scores{},
		Ingest: IngestStats{Mode: o.Ingest}, Evidence: ds.EvidenceStats(20), UnparsedTimes: ds.UnparsedTimes()}
	if t.Engine != nil {
		rep.Embedder = t.Engine.EmbedderID()
	}
	for _, c := range ds.Conversations {
		rep.Questions.Total += len(c.Questions)
	}
	return rep
}

// Summary is the one-line digest of the report.
func (r *Report) Summary() string {
	s := fmt.Sprintf("recall@%d=%.4f hit@%d=%.2f mrr=%.2f p95=%.1fms ingest=%.0f turns/s rss=%.0fMB n=%d mode=%s ingest_mode=%s bm25=%.4f x%.2f",
		r.K, r.Overall.Recall, r.K, r.Overall.Hit, r.Overall.MRR, r.Latency.P95, r.Ingest.TurnsPerSec, r.PeakRSSMB,
		r.Overall.N, r.Mode, r.IngestMode, r.BaselineBM25.Recall, r.VsBM25)
	if c := r.Calibration; c != nil {
		s += fmt.Sprintf(" tpr=%.3f fpr=%.3f cal_err=%.3f (%d+/%d-)", c.TPR, c.FPR, c.Error, c.Positives, c.Negatives)
	}
	return s
}

// missDepth is how deep a miss is searched to find where its evidence ranks.
const missDepth = 100

// detailMisses reports up to o.Misses missed questions, spread evenly over
// the misses, each searched again (untimed) to see where its evidence ranks.
func detailMisses(ctx context.Context, s Searcher, ds *Dataset, o Options, missed []missRef, rep *Report) error {
	n := min(o.Misses, len(missed))
	for i := range n {
		m := missed[i*len(missed)/n]
		c := &ds.Conversations[m.conv]
		q := c.Questions[m.question]
		query := (&evaluation{o: o}).query(q.Text, missDepth)
		hits, _, err := s.Search(ctx, o.UserPrefix+c.ID, query)
		if err != nil {
			return fmt.Errorf("benchmark: detail miss: %w", err)
		}
		rep.Misses = append(rep.Misses, describeMiss(c, q, m.score, hits, o.K))
	}
	return nil
}

func describeMiss(c *Conversation, q Question, score QuestionScore, hits []Hit, k int) Miss {
	turns := c.turnIndex()
	rank := map[string]int{}
	for i, h := range hits {
		for _, id := range h.Turns {
			if rank[id] == 0 {
				rank[id] = i + 1
			}
		}
	}
	m := Miss{Conversation: c.ID, Question: q.Text, Answer: q.Answer, Category: q.Category, Recall: round(score.Recall)}
	for _, id := range q.Evidence {
		e := MissEvidence{Turn: id, Rank: rank[id]}
		if t := turns[id]; t != nil {
			e.Text = t.Speaker + ": " + t.Content()
		}
		m.Evidence = append(m.Evidence, e)
	}
	// The whole top k, not its first few: what outranks the evidence is the
	// question a miss is read for, and at ranks 4–10 it is often the best
	// turn's own exchange or one speaker's other turns.
	for _, h := range hits[:min(k, len(hits))] {
		m.Top = append(m.Top, MissHit{Turns: h.Turns, Text: h.Text})
	}
	return m
}

// categoryKey is how a category appears in the report's by_category map.
func categoryKey(c int) string { return strconv.Itoa(c) }

// ingestMode names the ingest mode, marked when turns were stored without
// their session ids.
func ingestMode(o Options) string {
	if o.NoSessionIDs && o.Ingest != IngestConversation {
		return o.Ingest + "-no-session-ids"
	}
	return o.Ingest
}
