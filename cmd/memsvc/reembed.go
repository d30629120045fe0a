package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/engine/store"
)

// runReembed embeds every stored memory's text again with the configured
// embedder and records it as the store's model: the way from one embedder
// to another (built-in to Ollama, one Ollama model to another). The store
// is opened without the engine, which refuses a store of another model.
func runReembed(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	batch := reembed.DefaultBatch
	fs := newFlagSet("reembed", "Embed every stored memory's text again with the configured embedder (--embed-provider,\n"+
		"--embed-model), then record it as the store's model. Needs the data directory to itself (stop the server;\n"+
		"on PostgreSQL, stop every replica: one left running notices within seconds and answers 503 until restarted\n"+
		"with the new embedder, and what it wrote meanwhile is re-embedded by a last pass). Interrupted, the store is refused by every open until a run with the\n"+
		"new embedder finishes the job, or a run with the old one undoes it (re-embedding only what had moved).", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	cfg.engineRunFlags(fs)
	fs.IntVar(&batch, "reembed-batch", batch, "texts embedded and written per transaction")
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	if batch < 1 {
		return errUsage{fmt.Errorf("--reembed-batch must be at least 1, got %d", batch)}
	}
	logger, err := newLogger(cfg, sys)
	if err != nil {
		return err
	}
	if err := cfg.check(); err != nil {
		return err
	}
	if err := requireDataDir(cfg); err != nil {
		return err
	}
	m, err := openModels(ctx, cfg, logger)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, cfg, logger)
	if errors.Is(err, store.ErrLocked) {
		return heldError(cfg.DataDir, "memsvc reembed needs the store to itself")
	}
	if err != nil {
		return err
	}
	defer st.Close()
	return reembedStore(ctx, st, m.embedder, batch, sys)
}

// reembedStore runs the re-embedding (under the store-wide lock of a
// shared store) and reports it on stderr. On a store that already records
// the embedder it still re-embeds the memories whose provenance names
// another model, so "nothing to do" means every vector is the embedder's.
func reembedStore(ctx context.Context, st engine.Store, emb engine.Embedder, batch int, sys IO) error {
	opt := reembed.Options{Batch: batch, Progress: progressPrinter(sys)}
	run := func(ctx context.Context) (reembed.Stats, error) {
		stats, err := runReembedPass(ctx, st, emb, opt)
		if err == nil {
			reportReembed(sys, stats)
		}
		return stats, err
	}
	x, shared := st.(reembed.Exclusive)
	if !shared {
		_, err := run(ctx)
		return err
	}
	return x.Exclusively(ctx, "reembed", func(ctx context.Context) error {
		stats, err := run(ctx)
		if err != nil || (stats.From == stats.To && stats.Memories == 0) {
			return err // nothing moved: no replica saw another model
		}
		return catchUpReplicas(ctx, st, emb, opt, sys)
	})
}

// runReembedPass is one reembed.Run, its failure saying what the store
// records and how to finish.
func runReembedPass(ctx context.Context, st engine.Store, emb engine.Embedder, opt reembed.Options) (reembed.Stats, error) {
	stats, err := reembed.Run(ctx, st, emb, opt)
	if err != nil {
		return stats, fmt.Errorf("reembed: %s; the store records %s: run memsvc reembed again to finish",
			opMessage(err), interruptedState(ctx, st, stats.From))
	}
	return stats, nil
}

// catchUpReplicas re-embeds, on a shared store, what replicas still
// running wrote with their old embedder before they noticed the store
// moved (they check every embedderWatchEvery, then refuse requests):
// it waits longer than that, then runs again, which redoes only the
// memories whose provenance names another model.
func catchUpReplicas(ctx context.Context, st engine.Store, emb engine.Embedder, opt reembed.Options, sys IO) error {
	select {
	case <-ctx.Done():
		return fmt.Errorf("reembed: interrupted before re-embedding what running replicas wrote meanwhile: " +
			"run memsvc reembed again with the same embedder to be sure every vector is of it")
	case <-time.After(embedderWatchEvery + time.Second):
	}
	opt.Progress = nil
	stats, err := runReembedPass(ctx, st, emb, opt)
	if err != nil {
		return err
	}
	if stats.Memories > 0 {
		fmt.Fprintf(sys.Stderr, "re-embedded %d memories that running replicas wrote with another embedder meanwhile; "+
			"those replicas now refuse requests until restarted with %s\n", stats.Memories, stats.To)
	}
	return nil
}

// interruptedState names what the store records after a failed run (the
// marker of a re-embedding under way, once a vector changed), falling
// back to what it recorded before when it cannot be read.
func interruptedState(ctx context.Context, st engine.Store, before string) string {
	if now, err := st.GetMeta(ctx, reembed.MetaKey); err == nil {
		return reembed.Describe(now)
	}
	return reembed.Describe(before)
}

// reportReembed says on stderr what a run did.
func reportReembed(sys IO, stats reembed.Stats) {
	if stats.From == stats.To && stats.Memories == 0 {
		fmt.Fprintf(sys.Stderr, "the store already holds embeddings of %s: nothing to do\n", stats.To)
		return
	}
	fmt.Fprintf(sys.Stderr, "re-embedded %d memories of %d users: the store now holds embeddings of %s (was %s)\n",
		stats.Memories, stats.Users, stats.To, reembed.Describe(stats.From))
	if stats.Kept > 0 {
		fmt.Fprintf(sys.Stderr, "%d memories already held embeddings of %s (by their provenance): kept\n",
			stats.Kept, stats.To)
	}
}

// progressPrinter reports done/total on stderr, at most about once a
// second and always at the end, so a large store shows it is moving.
func progressPrinter(sys IO) func(done, total int) {
	var last time.Time
	return func(done, total int) {
		if done < total && time.Since(last) < time.Second {
			return
		}
		last = time.Now()
		fmt.Fprintf(sys.Stderr, "re-embedded %d/%d\n", done, total)
	}
}
