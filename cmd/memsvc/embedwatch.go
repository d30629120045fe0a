package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/engine/skill"
)

// embedderWatchEvery is how often a replica of a shared store reads the
// embedding model the store records. memsvc reembed waits a little longer
// than this before its catch-up pass (reembed.go), so every replica that
// was still running has stopped writing by then.
const embedderWatchEvery = 2 * time.Second

// embedderWatch notices, on a store other processes share (PostgreSQL),
// that memsvc reembed ran or runs against it while this replica serves:
// the open checked the store's model once, and a replica left running
// would search new vectors with its old embedder and write vectors of
// the old model into a store that records the new one. While the store
// records anything but this replica's embedder, the replica refuses
// every request but /api/health (503, saying why and what to do), and
// its health check reports the embedder degraded, so a load balancer
// takes it out; it serves again if the store comes back to its model (a
// re-embedding undone).
type embedderWatch struct {
	store engine.Store
	want  string                 // the embedder id this replica embeds with (model/dim)
	seen  atomic.Pointer[string] // what the store records, when it is not want; nil: in step
	log   *log.Logger
}

// run polls the store until ctx ends.
func (w *embedderWatch) run(ctx context.Context) {
	t := time.NewTicker(embedderWatchEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			w.poll(ctx)
		}
	}
}

// poll reads the recorded model once and logs each change of verdict. A
// store that cannot be read is left to the store's own health check.
func (w *embedderWatch) poll(ctx context.Context) {
	recorded, err := w.store.GetMeta(ctx, reembed.MetaKey)
	if err != nil {
		return
	}
	if recorded == "" || recorded == w.want {
		if w.seen.Swap(nil) != nil {
			w.log.Info("the store records this replica's embedder again: serving", "embedder", w.want)
		}
		return
	}
	if old := w.seen.Swap(&recorded); old == nil || *old != recorded {
		w.log.Error("embedder mismatch: refusing requests", "err", w.err())
	}
}

// err is the refusal while the store records another model; nil when in step.
func (w *embedderWatch) err() error {
	seen := w.seen.Load()
	if seen == nil {
		return nil
	}
	return &engine.Error{Code: engine.EUnavailable, Message: fmt.Sprintf(
		"this memsvc process embeds with %s, but the store now records %s (memsvc reembed ran or is running against "+
			"the database, or a newer release upgraded it): its searches and writes would use vectors of the wrong "+
			"model, so it refuses them; %s", w.want, reembed.Describe(*seen), restartAdvice(*seen))}
}

// restartAdvice says how to run this process again against a store that
// records recorded: with the model it records, or, while a re-embedding
// is under way, the model it moves to once it is done.
func restartAdvice(recorded string) string {
	s := reembed.ParseState(recorded)
	if s.Pending() {
		return "once the re-embedding finishes, restart it with " + reembed.Settings(s.To)
	}
	return "restart it with " + reembed.Settings(s.Model)
}

// guard answers every request but the health check with the refusal
// while the store records another model.
func (w *embedderWatch) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		err := w.err()
		if err == nil || r.URL.Path == "/api/health" {
			next.ServeHTTP(rw, r)
			return
		}
		rw.Header().Set("Content-Type", "application/json")
		rw.Header().Set("Retry-After", "60")
		rw.WriteHeader(http.StatusServiceUnavailable)
		_ = json.NewEncoder(rw).Encode(map[string]string{"detail": engine.ErrorMessage(err), "code": engine.EUnavailable})
	})
}

// guardedEngine is the engine a stdio session's tools call on a shared
// store: serve's guard refuses HTTP requests, and a `memsvc mcp` beside
// the replicas must refuse its tool calls alike (each answered as a tool
// error naming both models), or it would go on writing vectors of its old
// model into a store that records another. The calls overridden are the
// ones an edge makes to read and write memories.
type guardedEngine struct {
	engine.Service
	w *embedderWatch
}

func (g guardedEngine) Ingest(ctx context.Context, user string, req engine.IngestRequest) ([]engine.IngestEntry, error) {
	if err := g.w.err(); err != nil {
		return nil, err
	}
	return g.Service.Ingest(ctx, user, req)
}

func (g guardedEngine) Add(ctx context.Context, user string, reqs []engine.AddRequest) ([]engine.WriteResult, error) {
	if err := g.w.err(); err != nil {
		return nil, err
	}
	return g.Service.Add(ctx, user, reqs)
}

func (g guardedEngine) AddConversation(ctx context.Context, user string, req engine.ConversationRequest) (*engine.ConversationResult, error) {
	if err := g.w.err(); err != nil {
		return nil, err
	}
	return g.Service.AddConversation(ctx, user, req)
}

func (g guardedEngine) Correct(ctx context.Context, user, id, text string) ([]engine.WriteResult, error) {
	if err := g.w.err(); err != nil {
		return nil, err
	}
	return g.Service.Correct(ctx, user, id, text)
}

func (g guardedEngine) Delete(ctx context.Context, user string, ids []string) (deleted, notFound []string, err error) {
	if err := g.w.err(); err != nil {
		return nil, nil, err
	}
	return g.Service.Delete(ctx, user, ids)
}

func (g guardedEngine) Search(ctx context.Context, user string, q engine.Query) (*engine.SearchResult, error) {
	if err := g.w.err(); err != nil {
		return nil, err
	}
	return g.Service.Search(ctx, user, q)
}

func (g guardedEngine) Get(ctx context.Context, user, id string) (*engine.Memory, error) {
	if err := g.w.err(); err != nil {
		return nil, err
	}
	return g.Service.Get(ctx, user, id)
}

func (g guardedEngine) List(ctx context.Context, user string, f engine.ListFilter) (*engine.Page, error) {
	if err := g.w.err(); err != nil {
		return nil, err
	}
	return g.Service.List(ctx, user, f)
}

func (g guardedEngine) Skill(ctx context.Context, user, id string) (*skill.Skill, error) {
	if err := g.w.err(); err != nil {
		return nil, err
	}
	return g.Service.Skill(ctx, user, id)
}

func (g guardedEngine) Skills(ctx context.Context, user string) ([]skill.Skill, error) {
	if err := g.w.err(); err != nil {
		return nil, err
	}
	return g.Service.Skills(ctx, user)
}

// guardedEngineFor is eng behind w's refusal, or eng itself with no watch
// (Badger: no other process opens the store).
func guardedEngineFor(eng engine.Service, w *embedderWatch) engine.Service {
	if w == nil {
		return eng
	}
	return guardedEngine{Service: eng, w: w}
}
