package kernel

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// Meaning vectors (engine.Meaning) are filled in the background, never on
// a write's path: a write that commits a memory whose text is new hands
// its id to the filler, and a shard's load hands it every memory stored
// without one (those written before meanings existed, or whose filling a
// restart cut short), so the backfill resumes by itself and serving never
// waits for it. The filler encodes a batch of one user's texts on one
// goroutine, then stores the vectors in a transaction of its own under the
// user's write lock, checking each memory still has the text encoded, and
// sets them in the user's shard when it is loaded. Until then a search
// encodes the hits that lack one (engine/service/search/meaning.go).

// SentenceEncoder encodes texts into unit sentence vectors of
// index.MeaningDim (llm.WordForms.EncodeSentences); ok is false when it
// cannot.
type SentenceEncoder interface {
	EncodeSentences(texts []string) (vecs [][]float32, ok bool)
}

// meaningBatch is how many memories the filler encodes and stores at a
// time: a transaction's cost (an fsync) is shared by the batch, and the
// user's write lock is held for one batch's writes only (not its encoding).
const meaningBatch = 32

// The filler waits for writes to pause: it starts a batch once no memory
// was queued for meaningQuiet, or meaningMaxDelay after the oldest queued
// one, whichever comes first. Encoding takes a core for about 20 ms a
// text; run beside a burst of writes on two cores it nearly halved their
// rate (batches of 100: 122 → 223 ms), and a short-lived process (a test,
// a one-off import) paid for vectors it never read.
const (
	meaningQuiet    = 500 * time.Millisecond
	meaningMaxDelay = 5 * time.Second
)

// A batch the store failed to read or write (a hosted store briefly
// unreachable, a user's lock held past writeLockWait) is tried again
// after meaningBackoff, then twice as long each time, up to
// meaningRetries more times (0.5 + 1 + 2 + 4 + 8 s): then it waits, as
// before, for the next load of the user's shard. The filler sleeps
// meanwhile, holding no lock, and Close wakes it.
const (
	meaningRetries = 5
	meaningBackoff = 500 * time.Millisecond
)

// meaningFiller is the per-process worker that fills meaning vectors.
type meaningFiller struct {
	k       *Kernel
	enc     SentenceEncoder
	ms      engine.MeaningStore
	backoff time.Duration // the first retry's wait (meaningBackoff)

	mu      sync.Mutex
	queue   []string                   // users with ids waiting, in turn
	waiting map[string]map[string]bool // user → ids waiting
	order   map[string][]string        // user → the same ids, in the order given
	busy    bool                       // a batch is being filled
	lastAdd time.Time                  // when ids were last queued
	oldest  time.Time                  // when the queue last went from empty to not (zero while empty)
	stopped bool                       // run has returned: nothing is queued any more

	wake   chan struct{}
	cancel context.CancelFunc
	done   chan struct{}
}

// FillMeanings starts the background filler of meaning vectors with enc.
// It does nothing on a store that keeps none. Call it once, before the
// first write; Close stops it.
func (e *Kernel) FillMeanings(enc SentenceEncoder) { e.fillMeanings(enc, meaningBackoff) }

func (e *Kernel) fillMeanings(enc SentenceEncoder, backoff time.Duration) {
	ms, ok := e.store.(engine.MeaningStore)
	if !ok || enc == nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	f := &meaningFiller{k: e, enc: enc, ms: ms, backoff: backoff, waiting: map[string]map[string]bool{},
		order: map[string][]string{}, wake: make(chan struct{}, 1), cancel: cancel, done: make(chan struct{})}
	e.meanings = f
	go f.run(ctx)
}

// Close stops the kernel's background work (the meaning filler) and waits
// for it; what was still queued is filled after the next start.
func (e *Kernel) Close() {
	if f := e.meanings; f != nil {
		f.cancel()
		<-f.done
	}
}

// WaitMeanings waits until the filler has nothing left to fill (tests and
// benchmarks, which must not measure a search racing the backfill).
func (e *Kernel) WaitMeanings(ctx context.Context) error {
	f := e.meanings
	if f == nil {
		return nil
	}
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		f.mu.Lock()
		idle := len(f.queue) == 0 && !f.busy
		f.mu.Unlock()
		if idle {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
}

// needMeanings queues ids of user for filling (no-op without a filler).
func (e *Kernel) needMeanings(user string, ids []string) {
	if f := e.meanings; f != nil && len(ids) > 0 {
		f.add(user, ids)
	}
}

func (f *meaningFiller) add(user string, ids []string) {
	f.mu.Lock()
	if f.stopped {
		f.mu.Unlock()
		return // nobody would empty the queue: the next start's loads queue them
	}
	now := time.Now()
	if len(f.queue) == 0 {
		f.oldest = now
	}
	f.lastAdd = now
	set := f.waiting[user]
	if set == nil {
		set = map[string]bool{}
		f.waiting[user] = set
		f.queue = append(f.queue, user)
	}
	for _, id := range ids {
		if !set[id] {
			set[id] = true
			f.order[user] = append(f.order[user], id)
		}
	}
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

// next takes up to n ids of the user whose turn it is; users take turns
// by batch, so one user's backfill does not hold back another's writes.
func (f *meaningFiller) next(n int) (user string, ids []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.queue) == 0 {
		f.busy, f.oldest = false, time.Time{}
		return "", nil
	}
	user, f.queue = f.queue[0], f.queue[1:]
	all := f.order[user]
	n = min(n, len(all))
	ids, f.order[user] = all[:n:n], all[n:]
	for _, id := range ids {
		delete(f.waiting[user], id)
	}
	if len(f.order[user]) > 0 {
		f.queue = append(f.queue, user)
	} else {
		delete(f.order, user)
		delete(f.waiting, user)
	}
	f.busy = true
	return user, ids
}

func (f *meaningFiller) run(ctx context.Context) {
	defer close(f.done)
	defer f.stop()
	for {
		if d := f.holdOff(); d > 0 {
			select {
			case <-time.After(d):
				continue
			case <-ctx.Done():
				return
			}
		}
		user, ids := f.next(meaningBatch)
		if ids == nil {
			select {
			case <-f.wake:
				continue
			case <-ctx.Done():
				return
			}
		}
		if !f.fill(ctx, user, ids) {
			return // the encoder cannot encode: searches encode what they need
		}
		if ctx.Err() != nil {
			return
		}
	}
}

// holdOff is how long the filler should still wait for writes to pause.
func (f *meaningFiller) holdOff() time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.queue) == 0 {
		return 0
	}
	return holdOff(time.Now(), f.lastAdd, f.oldest, meaningQuiet, meaningMaxDelay)
}

// holdOff is the wait, at now, until quiet has passed since the last ids
// were queued (lastAdd), but no later than maxDelay after the oldest of
// them was (oldest); zero when it is time.
func holdOff(now, lastAdd, oldest time.Time, quiet, maxDelay time.Duration) time.Duration {
	until := lastAdd.Add(quiet)
	if limit := oldest.Add(maxDelay); limit.Before(until) {
		until = limit
	}
	return max(until.Sub(now), 0)
}

// stop empties the queue and refuses more, once run has returned (Close,
// or an encoder that cannot encode): a queue nobody empties would grow with
// every write, and WaitMeanings would wait for it forever.
func (f *meaningFiller) stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.stopped, f.busy = true, false
	f.queue, f.waiting, f.order = nil, nil, nil
}

// pendingMeaning is one memory's text and, once encoded or read, its
// meaning; stored says the store holds it already.
type pendingMeaning struct {
	id, text string
	vec      []int8
	scale    float32
	stored   bool
}

// fill encodes and stores the meanings of ids of user, reading and
// storing again after a failure (retry). A failure that outlasts the
// retries loses nothing: the memories stay without a meaning, and the
// next load of the user's shard queues them again. It reports false only
// when the encoder cannot encode.
func (f *meaningFiller) fill(ctx context.Context, user string, ids []string) bool {
	var items []pendingMeaning
	read := func() (err error) { items, err = f.texts(ctx, user, ids); return err }
	if !f.retry(ctx, read) || len(items) == 0 {
		return true
	}
	var (
		texts []string
		at    []int
	)
	for i, it := range items {
		if !it.stored {
			texts, at = append(texts, it.text), append(at, i)
		}
	}
	if len(texts) > 0 {
		vecs, ok := f.enc.EncodeSentences(texts)
		if !ok || len(vecs) != len(texts) {
			return false
		}
		for k, i := range at {
			items[i].vec, items[i].scale, _ = index.QuantizeMeaning(vecs[k])
		}
	}
	kept := items[:0]
	for _, it := range items {
		if it.vec != nil { // a vector QuantizeMeaning refused is no meaning
			kept = append(kept, it)
		}
	}
	f.retry(ctx, func() error { return f.k.storeMeanings(ctx, user, kept) })
	return true
}

// retry runs try until it succeeds, waiting f.backoff after the first
// failure and twice as long after each next one, at most meaningRetries
// times more; it reports whether try succeeded. It gives up at once when
// ctx ends (Close).
func (f *meaningFiller) retry(ctx context.Context, try func() error) bool {
	wait := f.backoff
	for n := 0; ; n++ {
		if try() == nil {
			return true
		}
		if n == meaningRetries {
			return false
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(wait):
		}
		wait *= 2
	}
}

// takesNoMeaning reports whether m is given no meaning vector: an image's
// placeholder (pending, or failed), whose text is not yet its own.
func takesNoMeaning(m *engine.Memory) bool {
	return m.State == engine.StatePending || m.State == engine.StateFailed
}

// texts reads the texts of the memories of ids that are stored, skipping
// image placeholders (takesNoMeaning),
// with the meaning stored for each that has one: another replica's filler
// stored it, or a catch-up dropped it from the shard for a write that
// kept the text (the store drops a meaning whose text changes).
func (f *meaningFiller) texts(ctx context.Context, user string, ids []string) ([]pendingMeaning, error) {
	var out []pendingMeaning
	err := f.k.store.View(ctx, user, func(tx engine.Tx) error {
		mr, _ := tx.(engine.MeaningReader)
		for _, id := range ids {
			m, err := StoredOrNil(tx, id)
			if err != nil {
				return err
			}
			if m == nil || takesNoMeaning(m) {
				continue
			}
			it := pendingMeaning{id: id, text: m.Text}
			if mr != nil {
				sm, ok, err := mr.GetMeaning(id, m.Text)
				if err != nil {
					return err
				}
				if ok && len(sm.Vec) == index.MeaningDim && sm.Scale > 0 {
					it.vec, it.scale, it.stored = sm.Vec, sm.Scale, true
				}
			}
			out = append(out, it)
		}
		return nil
	})
	return out, err
}

// storeMeanings writes items in one transaction under user's write lock,
// each only if its memory still has the text it was encoded from, and
// sets them in the user's shard if it is loaded (a shard not loaded reads
// them at its load). It takes the versions' path a write takes (current,
// committed), so a replica's shard stays at the store's version.
func (e *Kernel) storeMeanings(ctx context.Context, user string, items []pendingMeaning) error {
	return e.whileLocked(ctx, user, func(n int) error {
		if n > 0 { // the last attempt was stale: catch the shard up first
			if _, err := e.shards.Shard(ctx, user); err != nil {
				return err
			}
		}
		return e.storeMeaningsOnce(ctx, user, items)
	})
}

func (e *Kernel) storeMeaningsOnce(ctx context.Context, user string, items []pendingMeaning) error {
	shard, err := e.shards.reg.Resident(ctx, user)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(items, func(it pendingMeaning) bool { return !it.stored }) {
		return e.setStoredMeanings(ctx, user, shard, items)
	}
	var (
		stored  map[string]bool
		version int64
	)
	err = e.store.Update(ctx, user, func(tx engine.Tx) error {
		stored, version = nil, versionOf(tx)
		if shard != nil {
			if err := e.shards.current(tx, user, shard); err != nil {
				return err
			}
		}
		mtx, ok := tx.(engine.MeaningTx)
		if !ok {
			return nil
		}
		// The store checks each text (a memory deleted or rewritten since
		// is skipped: its new text is queued); one stored already is
		// written again, as its text must be checked all the same.
		ids, err := mtx.PutMeanings(textMeanings(items))
		stored = setOf(ids)
		return err
	})
	if err != nil || shard == nil {
		return err
	}
	e.setMeanings(user, shard, version, items, stored)
	return nil
}

// setStoredMeanings sets in shard the meanings of items, all of which the
// store holds already for the text read (another replica's filler stored
// them, or a catch-up dropped them from the shard for a write that kept
// the text). It writes nothing, so it takes no Update, which would bump
// the user's version (every replica's shard then catches up) or sync:
// the caller holds the user's write lock, so a read checks the texts, and
// the shard's version then tells whether a catch-up of another replica's
// write came between (committedDerived).
func (e *Kernel) setStoredMeanings(ctx context.Context, user string, shard *index.Shard, items []pendingMeaning) error {
	if shard == nil {
		return nil // its load reads them
	}
	version := e.shards.at(user)
	current := map[string]bool{}
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		for _, it := range items {
			m, err := StoredOrNil(tx, it.id)
			if err != nil {
				return err
			}
			if m != nil && m.Text == it.text {
				current[it.id] = true
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	e.setMeanings(user, shard, version, items, current)
	return nil
}

// setMeanings sets in shard the meanings of the items in stored, which a
// transaction at version checked against their texts, or queues them
// again when the shard went past that version meanwhile.
func (e *Kernel) setMeanings(user string, shard *index.Shard, version int64, items []pendingMeaning, stored map[string]bool) {
	applied := e.shards.committedDerived(user, shard, version, func() {
		for _, it := range items {
			if stored[it.id] {
				shard.SetMeaning(it.id, it.vec, it.scale)
			}
		}
	})
	if !applied {
		// Another write came between: the filler checks each text again.
		e.needMeanings(user, slices.Collect(maps.Keys(stored)))
	}
}

// textMeanings is the store's form of items.
func textMeanings(items []pendingMeaning) []engine.TextMeaning {
	out := make([]engine.TextMeaning, len(items))
	for i, it := range items {
		out[i] = engine.TextMeaning{ID: it.id, Text: it.text, Meaning: engine.Meaning{Vec: it.vec, Scale: it.scale}}
	}
	return out
}

func setOf(ids []string) map[string]bool {
	set := make(map[string]bool, len(ids))
	for _, id := range ids {
		set[id] = true
	}
	return set
}

// loadMeanings sets the stored meanings in a shard being loaded and queues
// the rows still without one.
func (e *Kernel) loadMeanings(ctx context.Context, user string, s *index.Shard) error {
	ms, ok := e.store.(engine.MeaningStore)
	if !ok {
		return nil
	}
	err := ms.ScanMeanings(ctx, user, func(id string, m engine.Meaning) error {
		s.SetMeaning(id, m.Vec, m.Scale)
		return nil
	})
	if err != nil {
		return err
	}
	e.needMeanings(user, s.WithoutMeaning())
	return nil
}

// meaningsAfterWrite queues for the filler every memory a committed write
// wrote that has no meaning (a new one, or one whose text changed: Write
// dropped its meaning before the commit, as the store does).
func (e *Kernel) meaningsAfterWrite(user string, shard *index.Shard, p *Plan) {
	if e.meanings == nil {
		return
	}
	var ids []string
	for _, m := range p.Puts {
		if !takesNoMeaning(m) && !shard.HasMeaning(m.ID) {
			ids = append(ids, m.ID)
		}
	}
	e.needMeanings(user, ids)
}
