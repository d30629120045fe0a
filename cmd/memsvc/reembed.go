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
		"on PostgreSQL, stop every replica). Interrupted, the store keeps its old model: run it again to finish.", sys.Stdout)
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
// shared store) and reports it on stderr.
func reembedStore(ctx context.Context, st engine.Store, emb engine.Embedder, batch int, sys IO) error {
	want := reembed.ID(emb)
	progress := progressPrinter(sys)
	var stats reembed.Stats
	run := func(ctx context.Context) error {
		got, err := st.GetMeta(ctx, reembed.MetaKey)
		if err != nil {
			return err
		}
		if got == want {
			fmt.Fprintf(sys.Stderr, "the store already holds embeddings of %s: nothing to do\n", want)
			return nil
		}
		stats, err = reembed.Run(ctx, st, emb, reembed.Options{Batch: batch, Progress: progress})
		if err != nil {
			return fmt.Errorf("reembed: %s; the store still names %s: run memsvc reembed again to finish",
				opMessage(err), orNone(got))
		}
		fmt.Fprintf(sys.Stderr, "re-embedded %d memories of %d users: the store now holds embeddings of %s (was %s)\n",
			stats.Memories, stats.Users, stats.To, orNone(stats.From))
		if stats.Kept > 0 {
			fmt.Fprintf(sys.Stderr, "%d memories already held embeddings of %s (an earlier, interrupted run's): kept\n",
				stats.Kept, stats.To)
		}
		return nil
	}
	if x, ok := st.(reembed.Exclusive); ok {
		return x.Exclusively(ctx, "reembed", run)
	}
	return run(ctx)
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

// orNone names a store's recorded model, or says it has none.
func orNone(model string) string {
	if model == "" {
		return "no model"
	}
	return model
}
