// Package reembed brings a store's vectors to another embedding model: it
// embeds every stored memory's text again with the configured embedder,
// in batches. Before the first vector changes it records the re-embedding
// as under way (state.go), and the new model alone once every vector is
// rewritten: a store interrupted half-way is refused by every open until a
// run finishes the job (skipping the memories whose provenance already
// names the new model) or a run back to the old model undoes it
// (re-embedding only the memories whose provenance names another).
package reembed

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
)

// MetaKey is the store setting that pins the embedding model ("model/dim").
const MetaKey = "embedder"

// DefaultBatch is how many texts are embedded and written per transaction:
// large enough to amortise a remote model's round trip, small enough for
// one transaction.
const DefaultBatch = 128

// ID names an embedder as the store records it: model/dim.
func ID(e engine.Embedder) string { return fmt.Sprintf("%s/%d", e.Model(), e.Dim()) }

// Automatic reports whether the store's model (stored, "model/dim") may be
// replaced by want without the operator asking: want is the built-in
// embedder and stored an earlier version of it. Re-embedding is then local
// and cheap; a change to or from a remote model stays explicit, and so
// does going back to an earlier built-in version (an older binary must not
// undo an upgrade newer replicas serve).
func Automatic(stored, want string) bool {
	if stored == want || modelOf(want) != llm.BuiltinEmbedModel {
		return false
	}
	sv, ok := builtinVersion(modelOf(stored))
	wv, _ := builtinVersion(llm.BuiltinEmbedModel)
	return ok && sv < wv
}

// builtinVersion is the version of a model id of the built-in embedder
// ("builtin-hash-v2": 2), ok false for any other model.
func builtinVersion(model string) (int, bool) {
	i := strings.LastIndex(llm.BuiltinEmbedModel, "-v")
	if i < 0 || !strings.HasPrefix(model, llm.BuiltinEmbedModel[:i+2]) {
		return 0, false
	}
	v, err := strconv.Atoi(model[i+2:])
	return v, err == nil && v > 0
}

// modelOf is the model part of a "model/dim" id.
func modelOf(id string) string {
	if i := strings.LastIndex(id, "/"); i >= 0 {
		return id[:i]
	}
	return id
}

// Options tune a run.
type Options struct {
	// Batch is the texts per embedding call and transaction (default
	// DefaultBatch).
	Batch int
	// Progress, when set, is told after every batch how many memories are
	// done out of total.
	Progress func(done, total int)
}

// Stats say what a run did.
type Stats struct {
	Users    int    // users with at least one vector written
	Memories int    // vectors written
	Kept     int    // vectors already of the new model (an interrupted run's), left as they are
	From, To string // the store's model before and after
}

// Run re-embeds every stored memory that has a vector, for every user,
// with emb, then records emb as the store's model. It is idempotent: a
// memory whose provenance already names emb keeps its vector, so a rerun
// after an interruption finishes the job and a run back to the model an
// interrupted one started from undoes it. On a store already recording
// emb it re-embeds only the memories whose provenance names another model
// (left by a run interrupted before the store recorded it under way).
// The caller keeps writers away (the data directory's lock, or
// Exclusively on a shared store).
func Run(ctx context.Context, st engine.Store, emb engine.Embedder, opt Options) (Stats, error) {
	stats := Stats{To: ID(emb)}
	from, err := st.GetMeta(ctx, MetaKey)
	if err != nil {
		return stats, err
	}
	stats.From = from
	ul, ok := st.(engine.UserLister)
	if !ok {
		return stats, engine.Errorf(engine.EInvalid, "this store cannot list its users, so it cannot be re-embedded")
	}
	users, err := ul.AllUsers(ctx)
	if err != nil {
		return stats, err
	}
	state := ParseState(from)
	settled := !state.Pending() && state.Model == stats.To
	work, total, kept, err := collect(ctx, st, users, emb, settled)
	if err != nil {
		return stats, err
	}
	if err := markUnderWay(ctx, st, state, stats.To, total); err != nil {
		return stats, err
	}
	r := runner{st: st, emb: emb, batch: max(opt.Batch, 1), progress: opt.Progress, total: total}
	if opt.Batch <= 0 {
		r.batch = DefaultBatch
	}
	for _, w := range work {
		if err := r.user(ctx, w); err != nil {
			return stats, err
		}
		stats.Users++
	}
	stats.Memories, stats.Kept = r.done, kept
	if err := st.PutMeta(ctx, MetaKey, stats.To); err != nil {
		return stats, fmt.Errorf("record the new embedding model: %w", err)
	}
	return stats, nil
}

// markUnderWay records a re-embedding from the store's model to `to` as
// under way, before the first of total vectors changes. A marker already
// there stays: its two commands (finish, undo) still make the store whole.
// A store already recording `to` (a repair of stray vectors) needs none:
// interrupted, it is no worse than it was.
func markUnderWay(ctx context.Context, st engine.Store, state State, to string, total int) error {
	if total == 0 || state.Pending() || state.Model == to {
		return nil
	}
	if err := st.PutMeta(ctx, MetaKey, State{Model: state.Model, To: to}.String()); err != nil {
		return fmt.Errorf("record the re-embedding as under way: %w", err)
	}
	return nil
}

// userWork is one user's memories that have a vector, as scanned.
type userWork struct {
	user  string
	ids   []string
	texts []string
}

// collect lists, per user, the memories that carry a vector (a memory
// without one, such as an image still being captured, gets none now
// either) not yet embedded with emb, and counts them and those kept. On a
// settled store of emb's model, a memory whose provenance does not say
// is taken to be emb's.
func collect(ctx context.Context, st engine.Store, users []string, emb engine.Embedder, settled bool) (work []userWork, total, kept int, err error) {
	for _, u := range users {
		w := userWork{user: u}
		err := st.ScanMemories(ctx, u, func(m *engine.Memory, vec []float32) error {
			switch {
			case vec == nil:
			case embeddedWith(m, emb, len(vec)), settled && len(vec) == emb.Dim() && !provenanceSays(m):
				kept++
			default:
				w.ids, w.texts = append(w.ids, m.ID), append(w.texts, m.Text)
			}
			return nil
		})
		if err != nil {
			return nil, 0, 0, fmt.Errorf("scan the memories of a user: %w", err)
		}
		if len(w.ids) > 0 {
			work = append(work, w)
			total += len(w.ids)
		}
	}
	return work, total, kept, nil
}

// embeddedWith reports whether m's vector (of size dim) is emb's: its
// provenance names emb's model and size, which write records in the
// transaction that stores the vector. A memory without provenance cannot
// tell, and is embedded again.
func embeddedWith(m *engine.Memory, emb engine.Embedder, dim int) bool {
	return m.Source != nil && m.Source.EmbeddingModel == emb.Model() &&
		m.Source.EmbeddingDim == emb.Dim() && dim == emb.Dim()
}

// provenanceSays reports whether m's provenance names an embedding model.
func provenanceSays(m *engine.Memory) bool { return m.Source != nil && m.Source.EmbeddingModel != "" }

type runner struct {
	st       engine.Store
	emb      engine.Embedder
	batch    int
	progress func(done, total int)
	done     int
	total    int
}

// user rewrites one user's vectors, a batch per transaction.
func (r *runner) user(ctx context.Context, w userWork) error {
	for start := 0; start < len(w.ids); start += r.batch {
		end := min(start+r.batch, len(w.ids))
		vecs, err := EmbedStored(ctx, r.emb, w.texts[start:end])
		if err != nil {
			return err
		}
		if err := r.write(ctx, w.user, w.ids[start:end], w.texts[start:end], vecs); err != nil {
			return err
		}
		r.done += end - start
		if r.progress != nil {
			r.progress(r.done, r.total)
		}
	}
	return nil
}

// write stores one batch's vectors and the memories' provenance. Each
// memory is read again in the transaction: one deleted or rewritten since
// the scan is skipped (its writer embedded it).
func (r *runner) write(ctx context.Context, user string, ids, texts []string, vecs [][]float32) error {
	model, dim := r.emb.Model(), r.emb.Dim()
	return r.st.Update(ctx, user, func(tx engine.Tx) error {
		for i, id := range ids {
			m, err := tx.GetMemory(id)
			if engine.ErrorCode(err) == engine.ENotFound {
				continue
			}
			if err != nil {
				return err
			}
			if m.Text != texts[i] {
				continue
			}
			// The provenance names the model from now on (even where it
			// named none), so an interrupted run's vectors can be told apart.
			if m.Source != nil && (m.Source.EmbeddingModel != model || m.Source.EmbeddingDim != dim) {
				m.Source.EmbeddingModel, m.Source.EmbeddingDim = model, dim
				if err := tx.PutMemory(m, text.Analyze(m.Text)); err != nil {
					return err
				}
			}
			if err := tx.PutVector(id, vecs[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// EmbedStored embeds texts to be stored: an asymmetric embedder embeds
// them in its document form, as the engine's writes do.
func EmbedStored(ctx context.Context, emb engine.Embedder, texts []string) ([][]float32, error) {
	return engine.EmbedTexts(ctx, emb, texts, true)
}

// Exclusive is a store shared by several processes (PostgreSQL replicas)
// that can run fn holding a store-wide lock named name, waiting for it:
// replicas starting together re-embed once, the others wait and find it
// done.
type Exclusive interface {
	Exclusively(ctx context.Context, name string, fn func(ctx context.Context) error) error
}
