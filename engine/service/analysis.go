package service

import (
	"context"
	"fmt"
	"strconv"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

// metaAnalysis is the store setting that records which text analysis
// (text.AnalysisVersion) made the stored index terms.
const metaAnalysis = "text-analysis"

// metaAnalysisWriters is the store setting of the least analysis a writer
// must run. It is recorded before the terms are made again: replicas of
// one shared store (postgres) refuse, from then on, the writes of an older
// analysis, which would otherwise put old terms into users already redone
// and never redone after. A store of one process (badger) keeps it unread.
const metaAnalysisWriters = "text-analysis-writers"

// reanalyseBatch bounds the memories re-indexed in one transaction, so a
// large user's migration stays within a transaction's size.
const reanalyseBatch = 256

// checkAnalysis brings the stored index terms to this binary's analysis.
// Shards load their postings from the store as stored, so terms made by
// another analysis would never meet the terms this one makes of queries
// (a Chinese sentence stored as one term is not found by a word inside it).
// A store recorded as analysed otherwise, or not recorded at all (written
// before the setting), has its memories' terms made again, then records
// the version. Only texts whose analysis can differ between versions are
// redone (text.StableAnalysis: not those in ASCII). A store that takes
// no writes (opened read-only to export, or a full disk) is served as it is
// and redone at the next opening that can write.
func (e *Engine) checkAnalysis(ctx context.Context) error {
	want := strconv.Itoa(text.AnalysisVersion)
	got, err := e.store.GetMeta(ctx, metaAnalysis)
	if err != nil || got == want {
		return err
	}
	ul, ok := e.store.(engine.UserLister)
	if !ok {
		return nil // a store that cannot list its users cannot be redone either
	}
	err = e.store.PutMeta(ctx, metaAnalysisWriters, want)
	if engine.ErrorCode(err) == engine.EUnavailable {
		return e.notReanalysed(got, want, err)
	}
	if err != nil {
		return err
	}
	users, err := ul.AllUsers(ctx)
	if err != nil {
		return err
	}
	redone := 0
	for _, user := range users {
		if c := engine.CanonicalUser(user); c != user {
			// The edges now compose ids (engine.CanonicalUser), so this
			// user's data is reached only through a key minted for it.
			e.log.Warn("a user id is stored decomposed: clients that name it reach the composed id; "+
				"move its data with memsvc export --user and memsvc import, which composes ids",
				"user", user, "composed", c)
		}
		n, err := e.reanalyseUser(ctx, user)
		redone += n
		if engine.ErrorCode(err) == engine.EUnavailable {
			return e.notReanalysed(got, want, err)
		}
		if err != nil {
			return fmt.Errorf("re-analyse the stored texts of a user: %w", err)
		}
	}
	if redone > 0 {
		e.log.Info("stored index terms made again for a new text analysis", "memories", redone, "from", got, "to", want)
	}
	// Even with nothing to redo (an ASCII store, no users) a read-only store
	// cannot record the version: `memsvc export` of such a store must work.
	err = e.store.PutMeta(ctx, metaAnalysis, want)
	if engine.ErrorCode(err) == engine.EUnavailable {
		return e.notReanalysed(got, want, err)
	}
	return err
}

// notReanalysed warns that a store that takes no writes is served with the
// terms it has; the next opening that can write redoes them.
func (e *Engine) notReanalysed(got, want string, err error) error {
	e.log.Warn("stored index terms not brought to this version's analysis: the store takes no writes; "+
		"texts in unspaced scripts or other Unicode forms may not be found until it does",
		"recorded", got, "want", want, "err", err)
	return nil
}

// reanalyseUser rewrites the postings of user's memories whose analysis
// may have changed, in batches, and returns how many it rewrote.
func (e *Engine) reanalyseUser(ctx context.Context, user string) (int, error) {
	var ids []string
	err := e.store.ScanMemories(ctx, user, func(m *engine.Memory, _ []float32) error {
		if !text.StableAnalysis(m.Text) {
			ids = append(ids, m.ID)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for start := 0; start < len(ids); start += reanalyseBatch {
		batch := ids[start:min(start+reanalyseBatch, len(ids))]
		err := e.store.Update(ctx, user, func(tx engine.Tx) error {
			for _, id := range batch {
				// Read again in the transaction: another replica may have
				// changed or deleted it since the scan.
				m, err := tx.GetMemory(id)
				if engine.ErrorCode(err) == engine.ENotFound {
					continue
				}
				if err != nil {
					return err
				}
				if err := tx.PutMemory(m, text.Analyze(m.Text)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return start, err
		}
	}
	return len(ids), nil
}
