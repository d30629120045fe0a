package bench

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// Options configure a recall run. Zero values take the defaults.
type Options struct {
	Mode   string // hybrid (default), text or vector
	K      int    // cut-off of recall@k, hit@k and MRR; also top_k of each search (default 10)
	Ingest string // raw (default) or conversation
	Rerank bool   // ask for the cross_encoder rerank
	Batch  int    // turns per engine call when ingesting (default 100)
	// Categories are the question categories asked; nil asks the format's
	// default (DefaultCategories).
	Categories []int
	UserPrefix string // prefix of the per-conversation user ids (default "bench-")
	Misses     int    // how many missed questions to detail in the report
	// ExplainMisses reports, for every missed evidence turn, its rank in
	// each view of the search (explain.go); it needs Target.Engine.
	ExplainMisses bool
	// NoSessionIDs stores raw turns without their session id, as a client
	// that keeps no session would (MCP add_memories, REST add).
	NoSessionIDs bool
	// Data, Via and RelevanceFloor (the engine's, 0 when unknown) are
	// recorded in the report as given.
	Data, Via      string
	RelevanceFloor float64
}

// Target is the memsvc under test: ingestion always goes through the
// engine, searches through Searcher (the engine itself or its HTTP API).
type Target struct {
	Engine   *service.Engine
	Searcher Searcher
}

// DefaultCategories are the question categories asked by default: for
// LoCoMo 1–4 (category 5 is adversarial: its questions have no answer in
// the conversation by design); for other formats every category (nil).
func DefaultCategories(format string) []int {
	if format == FormatLoCoMo {
		return []int{1, 2, 3, 4}
	}
	return nil
}

func (o *Options) defaults(format string) error {
	if o.K == 0 {
		o.K = 10
	}
	if o.Batch == 0 {
		o.Batch = 100
	}
	if o.Ingest == "" {
		o.Ingest = IngestRaw
	}
	if o.Mode == "" {
		o.Mode = engine.ModeHybrid
	}
	if o.UserPrefix == "" {
		o.UserPrefix = "bench-"
	}
	if o.Categories == nil {
		o.Categories = DefaultCategories(format)
	}
	switch {
	case o.K < 1 || o.K > 100:
		return fmt.Errorf("benchmark: k must be between 1 and 100, got %d", o.K)
	case o.Batch < 1:
		return fmt.Errorf("benchmark: batch must be at least 1, got %d", o.Batch)
	case o.Ingest != IngestRaw && o.Ingest != IngestConversation:
		return fmt.Errorf("benchmark: ingest must be raw or conversation, got %q", o.Ingest)
	case o.Mode != engine.ModeHybrid && o.Mode != engine.ModeText && o.Mode != engine.ModeVector:
		return fmt.Errorf("benchmark: mode must be hybrid, text or vector, got %q", o.Mode)
	}
	return nil
}

// asks reports whether a question of category cat is asked.
func (o *Options) asks(cat int) bool {
	return o.Categories == nil || slices.Contains(o.Categories, cat)
}

// Run ingests every conversation of ds into a fresh user of the target,
// asks every question that has evidence and reports the scores.
func Run(ctx context.Context, ds *Dataset, t Target, o Options) (*Report, error) {
	if err := o.defaults(ds.Format); err != nil {
		return nil, err
	}
	start := time.Now()
	rep := newReport(ds, t, o)
	ingestStart := time.Now()
	for i := range ds.Conversations {
		c := &ds.Conversations[i]
		if err := ingest(ctx, t.Engine, o.UserPrefix+c.ID, c, o, &rep.Ingest); err != nil {
			return nil, err
		}
	}
	rep.Ingest.finish(time.Since(ingestStart))
	// Every memory's meaning vector stored before the first question, as in
	// a store at rest: the searches that read them then rank the same way
	// every run, and none races the background filler for the CPU.
	if err := t.Engine.WaitMeanings(ctx); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err() // interrupted: the command says so in a person's words
		}
		return nil, fmt.Errorf("benchmark: wait for meaning vectors: %w", err)
	}
	ev := newEvaluation(o)
	for i := range ds.Conversations {
		if err := ev.conversation(ctx, t.Searcher, &ds.Conversations[i], o.UserPrefix); err != nil {
			return nil, err
		}
	}
	// After every timed search, so that none of them runs in the other
	// store's wake.
	if err := ev.askNegatives(ctx, t.Searcher, ds); err != nil {
		return nil, err
	}
	ev.fill(rep)
	if err := detailMisses(ctx, t.Searcher, ds, o, ev.missed, rep); err != nil {
		return nil, err
	}
	if o.ExplainMisses && t.Engine != nil {
		if err := explainMisses(ctx, t.Engine, ds, o, ev.missed, rep); err != nil {
			return nil, err
		}
	}
	if rss, err := PeakRSS(); err == nil {
		rep.PeakRSSMB = round(float64(rss) / (1 << 20))
	}
	rep.Seconds = round(time.Since(start).Seconds())
	return rep, nil
}

// missRef points at a question whose evidence was not fully retrieved.
type missRef struct {
	conv, question int
	score          QuestionScore
}

// evaluation asks the questions and keeps the running tallies.
type evaluation struct {
	o                      Options
	overall, baseline      tally // memsvc; the plain BM25 (baseline.go) on the same questions
	byCat, byConv          map[string]*tally
	latencies              []time.Duration
	reranker               string
	asked, skipCat, skipEv int
	convIndex              int
	missed                 []missRef
	askedRefs              []questionRef // every question asked, for the calibration
	samples                []Sample      // labelled results for the calibration (calibration.go)
}

func newEvaluation(o Options) *evaluation {
	return &evaluation{o: o, byCat: map[string]*tally{}, byConv: map[string]*tally{}}
}

func (ev *evaluation) conversation(ctx context.Context, s Searcher, c *Conversation, prefix string) error {
	defer func() { ev.convIndex++ }()
	plain := newBM25Baseline(c)
	for qi, q := range c.Questions {
		switch {
		case !ev.o.asks(q.Category):
			ev.skipCat++
			continue
		case len(q.Evidence) == 0 || q.Text == "":
			ev.skipEv++
			continue
		}
		began := time.Now()
		hits, reranker, err := s.Search(ctx, prefix+c.ID, ev.query(q.Text, ev.o.K))
		ev.latencies = append(ev.latencies, time.Since(began))
		if err != nil {
			return fmt.Errorf("benchmark: conversation %s question %d: %w", c.ID, qi, err)
		}
		if reranker != "" {
			ev.reranker = reranker
		}
		score := ScoreQuestion(q.Evidence, hitTurns(hits), ev.o.K)
		ev.asked++
		ev.overall.add(score)
		ev.baseline.add(ScoreQuestion(q.Evidence, plain.search(q.Text, ev.o.K), ev.o.K))
		ev.bucket(ev.byCat, categoryKey(q.Category)).add(score)
		ev.bucket(ev.byConv, c.ID).add(score)
		if score.Recall < 1 {
			ev.missed = append(ev.missed, missRef{conv: ev.convIndex, question: qi, score: score})
		}
		ev.askedRefs = append(ev.askedRefs, questionRef{conv: ev.convIndex, question: qi})
		ev.samples = labelPositives(ev.samples, q.Evidence, hits, ev.o.K)
	}
	return nil
}

func (ev *evaluation) query(text string, k int) engine.Query {
	q := engine.Query{Text: text, TopK: k, Mode: ev.o.Mode}
	if ev.o.Rerank {
		q.Rerank = engine.RerankCrossEncoder
	}
	return q
}

func (ev *evaluation) bucket(m map[string]*tally, key string) *tally {
	if m[key] == nil {
		m[key] = &tally{}
	}
	return m[key]
}

func (ev *evaluation) fill(rep *Report) {
	rep.Overall = ev.overall.scores()
	rep.BaselineBM25 = ev.baseline.scores()
	if rep.BaselineBM25.Recall > 0 {
		rep.VsBM25 = round(rep.Overall.Recall / rep.BaselineBM25.Recall)
	}
	for k, t := range ev.byCat {
		rep.ByCategory[k] = t.scores()
	}
	for k, t := range ev.byConv {
		rep.ByConversation[k] = t.scores()
	}
	rep.Latency = Summarise(ev.latencies)
	rep.Reranker = ev.reranker
	rep.Questions.Asked, rep.Questions.SkippedCategory, rep.Questions.SkippedNoEvidence = ev.asked, ev.skipCat, ev.skipEv
	rep.Questions.FullyRecalled = ev.asked - len(ev.missed)
	if len(ev.samples) > 0 {
		for i := range ev.samples {
			ev.samples[i].Mode = ev.o.Mode
		}
		cal := Calibrate(ev.samples, ev.o.RelevanceFloor)
		rep.Calibration, rep.Samples = &cal, ev.samples
	}
}

func hitTurns(hits []Hit) [][]string {
	out := make([][]string, len(hits))
	for i, h := range hits {
		out[i] = h.Turns
	}
	return out
}
