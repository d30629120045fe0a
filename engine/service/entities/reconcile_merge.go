package entities

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/entity"
)

// errStale marks a group whose members changed since the job planned it.
var errStale = errors.New("group changed since planned")

// mergeGroup folds a group's members into its survivor in one transaction,
// together with the job's progress, so a crash or cancel leaves each entity
// either fully merged or untouched: the others' names become the survivor's
// aliases, their memory links move to it, each memory's refs are rewritten,
// and each other becomes an alias record pointing to the survivor. A dry
// run only counts. A group whose members were merged, dropped or changed
// since it was planned is skipped.
func (e *Keeper) mergeGroup(ctx context.Context, user string, run *reconcileRun, n int, g entity.Suggestion) error {
	job := run.snapshot()
	others := len(g.EntityIDs) - 1
	if job.DryRun {
		run.set(progressed(job, n, engine.MergePlanned, others))
		return nil
	}
	status := engine.MergeDone
	err := e.write(ctx, user, func(tx engine.Tx, p *plan) error {
		status = engine.MergeDone
		err := mergeEntities(tx, p, g, e.now().UTC())
		if errors.Is(err, errStale) {
			status, err = engine.MergeSkipped, nil
		}
		if err != nil {
			return err
		}
		return tx.PutDoc(jobCollection, reconcileDoc, progressed(job, n, status, others))
	})
	if err != nil {
		return err
	}
	run.set(progressed(job, n, status, others))
	return nil
}

// progressed is job after group n ended with status.
func progressed(job *engine.ReconcileJob, n int, status string, others int) *engine.ReconcileJob {
	next := cloneJob(job)
	if status == engine.MergeSkipped {
		next.Skipped++
	} else {
		next.Merged += others
	}
	if n < len(next.Merges) {
		next.Merges[n].Status = status
	}
	return next
}

// mergeEntities is the body of one merge transaction.
func mergeEntities(tx engine.Tx, p *plan, g entity.Suggestion, now time.Time) error {
	var survivor *engine.Entity
	var others []*engine.Entity
	for _, id := range g.EntityIDs {
		x, err := getEntity(tx, id)
		if engine.ErrorCode(err) == engine.ENotFound || (err == nil && x.MergedInto != "") {
			return errStale
		} else if err != nil {
			return err
		}
		if id == g.CanonicalID {
			survivor = x
		} else {
			others = append(others, x)
		}
	}
	if survivor == nil || len(others) == 0 {
		return errStale
	}
	pure := make([]entity.Entity, len(others))
	for i, o := range others {
		pure[i] = pureOf(o)
	}
	merged := entity.Merge(pureOf(survivor), pure)
	survivor.Aliases, survivor.Type, survivor.UpdatedAt = merged.Aliases, merged.Type, now
	rw := refRewriter{tx: tx, p: p, survivor: survivor, seen: map[string]*engine.Memory{}, planned: map[string]bool{}}
	for _, o := range others {
		if err := rw.absorb(o, now); err != nil {
			return err
		}
		survivor.Merged = append(append(survivor.Merged, o.ID), o.Merged...)
	}
	if err := rw.refreshOwn(); err != nil {
		return err
	}
	if err := putEntity(tx, survivor); err != nil {
		return err
	}
	return indexNames(tx, survivor)
}

// refRewriter moves memory links to a survivor within one transaction.
type refRewriter struct {
	tx       engine.Tx
	p        *plan
	survivor *engine.Entity
	seen     map[string]*engine.Memory // memories read in this merge
	planned  map[string]bool           // memories whose write is planned
}

// absorb moves o's links, names and alias records to the survivor and
// turns o into an alias record.
func (rw *refRewriter) absorb(o *engine.Entity, now time.Time) error {
	mems, err := linkedMemories(rw.tx, o.ID)
	if err != nil {
		return err
	}
	for _, id := range mems {
		if err := rw.tx.DeleteDoc(entityLinkCollection, linkKey(o.ID, id)); err != nil {
			return err
		}
		err := rw.tx.GetDoc(entityLinkCollection, linkKey(rw.survivor.ID, id), &struct{}{})
		if engine.ErrorCode(err) == engine.ENotFound { // not yet a mention of the survivor
			err = rw.tx.PutDoc(entityLinkCollection, linkKey(rw.survivor.ID, id), struct{}{})
			rw.survivor.Mentions++
		}
		if err != nil {
			return err
		}
		if err := rw.rewrite(id, o.ID); err != nil {
			return err
		}
	}
	if err := unindexNames(rw.tx, o); err != nil {
		return err
	}
	for _, alias := range o.Merged { // earlier merges into o now point at the survivor
		a, err := getEntity(rw.tx, alias)
		if engine.ErrorCode(err) == engine.ENotFound {
			continue
		} else if err != nil {
			return err
		}
		a.MergedInto, a.UpdatedAt = rw.survivor.ID, now
		if err := putEntity(rw.tx, a); err != nil {
			return err
		}
	}
	o.MergedInto, o.Merged, o.Mentions, o.UpdatedAt = rw.survivor.ID, nil, 0, now
	return putEntity(rw.tx, o)
}

// rewrite replaces the ref to from in a memory by the survivor's current
// ref (once, in first-mention order) and plans the memory's write if that
// changed anything.
func (rw *refRewriter) rewrite(memID, from string) error {
	m, ok := rw.seen[memID]
	if !ok {
		var err error
		if m, err = rw.tx.GetMemory(memID); engine.ErrorCode(err) == engine.ENotFound {
			return nil // a link without its memory: the caller drops the link
		} else if err != nil {
			return err
		}
		rw.seen[memID] = m
	}
	want := rw.survivor.Ref()
	refs := make([]engine.EntityRef, 0, len(m.Entities)+1)
	have := false
	for _, r := range m.Entities {
		switch {
		case r.ID != from && r.ID != want.ID:
			refs = append(refs, r)
		case !have:
			refs, have = append(refs, want), true
		}
	}
	if !have {
		refs = append(refs, want)
	}
	if slices.Equal(refs, m.Entities) {
		return nil
	}
	m.Entities = refs
	if !rw.planned[memID] {
		rw.planned[memID] = true
		rw.p.Put(m, nil) // text unchanged: the write hook keeps these refs
	}
	return nil
}

// refreshOwn brings the refs in the survivor's own memories up to date
// when the merge changed its type.
func (rw *refRewriter) refreshOwn() error {
	mems, err := linkedMemories(rw.tx, rw.survivor.ID)
	if err != nil {
		return err
	}
	for _, id := range mems {
		if err := rw.rewrite(id, rw.survivor.ID); err != nil {
			return err
		}
	}
	return nil
}
