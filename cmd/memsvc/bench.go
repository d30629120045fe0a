package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/bench"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest"
	"github.com/memsvc/memsvc/text"
)

// runBench runs `memsvc bench KIND`: recall, or fit-relevance, which fits
// the relevance model to the samples recall runs wrote.
func runBench(ctx context.Context, args []string, sys IO) error {
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprintln(sys.Stdout, "Usage: memsvc bench recall --data FILE --format locomo|realtalk [flags]\n\n"+benchSummary+
			"\n\nRun \"memsvc bench recall --help\" for its flags.\n\n"+
			"Usage: memsvc bench fit-relevance --mode MODE SAMPLES...\n\n"+fitSummary)
		return nil
	}
	switch {
	case len(args) == 0:
		return errUsage{errors.New(`bench: missing benchmark (recall, fit-relevance); see "memsvc bench --help"`)}
	case args[0] == "recall":
		return benchRecall(ctx, args[1:], sys)
	case args[0] == "fit-relevance":
		return benchFit(args[1:], sys)
	}
	return errUsage{fmt.Errorf(`bench: unknown benchmark %q (recall, fit-relevance); see "memsvc bench --help"%s`, args[0],
		text.DidYouMean(args[0], "recall", "fit-relevance"))}
}

// benchFlags are the settings of `memsvc bench recall` beyond the engine's.
type benchFlags struct {
	data, format, mode, ingest, via, dataDir, categories, samples string
	k, limit, batch, misses                                       int
	rerank, noSessions, explain                                   bool
}

const benchSummary = `Measure recall on a long-conversation benchmark: ingest every turn into a fresh store
(one user per conversation), ask every question that has evidence, and print a JSON report on stdout
and a one-line summary on stderr.`

func (b *benchFlags) register(fs *flag.FlagSet, cfg *Config) {
	cfg.engineRunFlags(fs) // the engine's and models' settings, exactly as the server reads them
	fs.StringVar(&cfg.LogLevel, "log-level", "warn", "log level: debug, info (logs every request), warn, error")
	fs.StringVar(&cfg.LogFormat, "log-format", "text", "log format: text, json, logfmt")
	fs.StringVar(&b.data, "data", "", "benchmark dataset: a LoCoMo JSON file, or a REALTALK file or directory (required)")
	fs.StringVar(&b.format, "format", "", "dataset format: locomo or realtalk (required)")
	fs.StringVar(&b.mode, "mode", "hybrid", "search mode: hybrid, text or vector")
	fs.IntVar(&b.k, "k", 10, "recall@k cut-off and top_k of each search (1..100)")
	fs.StringVar(&b.ingest, "ingest", "raw", "raw (each turn verbatim) or conversation (extract facts per session)")
	fs.BoolVar(&b.rerank, "rerank", false, "ask for the cross_encoder rerank")
	fs.StringVar(&b.via, "via", "http", "search through the REST API (http, served in-process on 127.0.0.1:0) or the engine directly")
	fs.IntVar(&b.limit, "limit-conversations", 0, "use only the first N conversations (0: all)")
	fs.StringVar(&b.categories, "categories", "", "comma list of question categories to ask (default: 1,2,3,4 for locomo, all for realtalk)")
	fs.BoolVar(&b.noSessions, "no-session-ids", false, "store raw turns without their session id, as a client that keeps none")
	fs.IntVar(&b.batch, "batch", 100, "turns per engine call when ingesting")
	fs.IntVar(&b.misses, "misses", 0, "detail this many missed questions in the report (evidence ranks, top hits)")
	fs.BoolVar(&b.explain, "explain-misses", false, "report where every missed evidence turn ranked in each view of the search (bm25, passage, vector, neighbours, feedback, fused, final)")
	fs.StringVar(&b.samples, "samples", "", "write the calibration's labelled results to this file (JSON lines) for \"memsvc bench fit-relevance\"; needs --via engine")
	fs.StringVar(&b.dataDir, "data-dir", "", "store directory; must be empty or absent (default: a temp dir, removed afterwards)")
}

// benchEnvName is the environment variable of a bench flag: the
// benchmark's own flags are MEMSVC_BENCH_<NAME>; the engine's and models'
// settings share the server's variables. (envName would map both "data" and
// "data-dir" to MEMSVC_DATA_DIR, the server's directory, which a benchmark
// must never read as its dataset nor fill with benchmark users.)
func benchEnvName(flagName string) string {
	switch flagName {
	case "data", "format", "mode", "k", "ingest", "rerank", "via", "limit-conversations", "categories",
		"batch", "misses", "explain-misses", "data-dir", "no-session-ids", "samples", "floor":
		return "MEMSVC_BENCH_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
	}
	return envName(flagName)
}

// usageError marks a bad invocation (exit 2) and points to the help.
func usageError(_ IO, err error) error {
	return errUsage{fmt.Errorf("%w (see memsvc bench recall --help)", err)}
}

func benchUsage(fs *flag.FlagSet, sys IO) func() {
	return func() {
		fmt.Fprintf(sys.Stdout, "Usage: memsvc bench recall [flags]\n\n%s\n\n", benchSummary)
		printFlags(sys.Stdout, fs, benchEnvName)
	}
}

func benchRecall(ctx context.Context, args []string, sys IO) error {
	var (
		cfg Config
		b   benchFlags
	)
	fs := newFlagSet("bench recall", benchSummary, sys.Stdout)
	b.register(fs, &cfg)
	fs.Usage = benchUsage(fs, sys)
	if err := parseArgs(fs, args, sys.Getenv, benchEnvName); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError(sys, fmt.Errorf("bench recall: unexpected argument %q%s", fs.Arg(0), argAsFlag(fs, fs.Arg(0), []string{"data"})))
	}
	opts, err := b.options()
	if err != nil {
		return usageError(sys, err)
	}
	opts.RelevanceFloor = cfg.RelevanceFloor
	ds, err := loadDataset(b.data, b.format, b.limit, opts.Categories)
	if err != nil {
		return err
	}
	// The samples file opens before the run, so that a bad path fails now,
	// not after it; it is written under a temporary name and renamed when
	// complete, so an interrupted run leaves no partial file.
	samples, finishSamples, err := createSamples(b.samples)
	if err != nil {
		return err
	}
	dir, cleanup, err := benchDataDir(b.dataDir)
	if err != nil {
		return failOut(usageError(sys, err), finishSamples)
	}
	defer cleanup()
	cfg.DataDir = dir
	rep, err := runRecall(ctx, cfg, b, ds, opts, sys)
	if err != nil {
		return failOut(err, finishSamples)
	}
	enc := json.NewEncoder(sys.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return failOut(fmt.Errorf("bench: write report: %w", err), finishSamples)
	}
	fmt.Fprintln(sys.Stderr, rep.Summary())
	return writeSamples(samples, finishSamples, rep.Samples)
}

// createSamples opens the --samples file ("" opens none).
func createSamples(path string) (io.Writer, func(ok bool) error, error) {
	if path == "" {
		return nil, func(bool) error { return nil }, nil
	}
	return createOut("--samples", path, nil) // "-" is refused by options: stdout carries the report
}

// maxDatasetBytes bounds a dataset file: the loader reads it whole, and
// the published datasets are a few MiB.
const maxDatasetBytes = 1 << 30

// loadDataset loads the first limit conversations of the dataset (0: all),
// refusing at once, before a long run, what cannot be one: a directory
// given as a LoCoMo file, an empty or oversized file, and a dataset with no
// question to ask (a file of the other format usually parses as that,
// and would report a recall of 0 over no questions), also when only the
// --categories asked (nil: the format's default) have none.
func loadDataset(path, format string, limit int, categories []int) (*bench.Dataset, error) {
	st, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, errNotFound{fmt.Errorf("bench recall: --data %s: %w", path, pathErrCause(err))}
	}
	if err != nil {
		return nil, errUsage{fmt.Errorf("bench recall: --data %s: %w", path, pathErrCause(err))}
	}
	switch {
	case st.IsDir() && format == bench.FormatLoCoMo:
		return nil, usageError(IO{}, fmt.Errorf("bench recall: --data %s is a directory; --format locomo reads one JSON file", path))
	case !st.IsDir() && st.Size() == 0:
		return nil, usageError(IO{}, fmt.Errorf("bench recall: --data %s is empty", path))
	case !st.IsDir() && st.Size() > maxDatasetBytes:
		return nil, usageError(IO{}, fmt.Errorf("bench recall: --data %s is %d MiB; a dataset is read whole, up to %d MiB",
			path, st.Size()>>20, maxDatasetBytes>>20))
	}
	ds, err := bench.Load(path, format)
	if err != nil {
		return nil, notADataset(path, format, err)
	}
	ds.Limit(limit)
	if categories == nil {
		categories = bench.DefaultCategories(format)
	}
	var held []int // the categories of questions with evidence
	for _, c := range ds.Conversations {
		for _, q := range c.Questions {
			if len(q.Evidence) == 0 {
				continue
			}
			if categories == nil || slices.Contains(categories, q.Category) {
				return ds, nil
			}
			if !slices.Contains(held, q.Category) {
				held = append(held, q.Category)
			}
		}
	}
	if len(held) > 0 {
		slices.Sort(held)
		return nil, usageError(IO{}, fmt.Errorf("bench recall: --data %s has no question with evidence in --categories %s; "+
			"its questions are of categories %s", path, joinInts(categories), joinInts(held)))
	}
	return nil, usageError(IO{}, fmt.Errorf("bench recall: --data %s holds no question with evidence when read as --format %s; "+
		"is it a file of the other format?", path, format))
}

// notADataset is why the file at path could not be loaded as a dataset of
// format: bad input, so a usage error (exit 2) naming the file and the
// problem, as an empty file already was; it was exit 1, the code of a run
// that failed. The loader's own wrapping ("benchmark: load PATH: PATH:")
// is dropped for the cause, and a JSON value of the wrong kind is said in
// JSON's terms rather than Go's ("into Go value of type bench.object").
func notADataset(path, format string, err error) error {
	cause := errors.Unwrap(err)
	if cause == nil {
		cause = err
	}
	msg := strings.TrimSuffix(strings.TrimPrefix(cause.Error(), path+": "), " in "+path)
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		msg = fmt.Sprintf("a JSON %s at byte %d where the format has %s", typeErr.Value, typeErr.Offset, jsonKind(typeErr.Type.Kind()))
	}
	return usageError(IO{}, fmt.Errorf("bench recall: --data %s is not a %s dataset: %s", path, format, msg))
}

// jsonKind names a Go kind as the JSON value it decodes from.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	}
	return "a number"
}

// joinInts is ns as a comma list.
func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// writeSamples writes the calibration's samples to w and completes the
// file with finish (w nil: no --samples).
func writeSamples(w io.Writer, finish func(ok bool) error, samples []bench.Sample) error {
	if w == nil {
		return nil
	}
	if samples == nil {
		return failOut(errors.New("bench: --samples: no calibration samples (the dataset needs at least two conversations)"), finish)
	}
	if err := bench.WriteSamples(w, samples); err != nil {
		return failOut(fmt.Errorf("bench: --samples: %w", err), finish)
	}
	return finish(true)
}

// options checks the bench flags and turns them into benchmark options.
func (b *benchFlags) options() (bench.Options, error) {
	o := bench.Options{Mode: b.mode, K: b.k, Ingest: b.ingest, Rerank: b.rerank, Batch: b.batch,
		Misses: b.misses, ExplainMisses: b.explain, Data: b.data, Via: b.via, NoSessionIDs: b.noSessions}
	switch {
	case b.data == "":
		return o, errors.New("bench recall: --data is required (the dataset file)")
	case b.format != bench.FormatLoCoMo && b.format != bench.FormatRealTalk:
		return o, fmt.Errorf("bench recall: --format must be locomo or realtalk, got %q", b.format)
	case b.mode != engine.ModeHybrid && b.mode != engine.ModeText && b.mode != engine.ModeVector:
		return o, fmt.Errorf("bench recall: --mode must be hybrid, text or vector, got %q", b.mode)
	case b.ingest != bench.IngestRaw && b.ingest != bench.IngestConversation:
		return o, fmt.Errorf("bench recall: --ingest must be raw or conversation, got %q", b.ingest)
	case b.via != "http" && b.via != "engine":
		return o, fmt.Errorf("bench recall: --via must be http or engine, got %q", b.via)
	case b.k < 1 || b.k > 100:
		return o, fmt.Errorf("bench recall: --k must be between 1 and 100, got %d", b.k)
	case b.samples == "-":
		return o, errors.New("bench recall: --samples needs a file name: stdout carries the report")
	case b.samples != "" && b.via != "engine":
		return o, errors.New("bench recall: --samples needs --via engine (the REST API does not show the measures a score is computed from)")
	case b.limit < 0:
		return o, fmt.Errorf("bench recall: --limit-conversations must be ≥ 0 (0: all), got %d", b.limit)
	case b.misses < 0:
		return o, fmt.Errorf("bench recall: --misses must be ≥ 0, got %d", b.misses)
	case b.batch < 1:
		return o, fmt.Errorf("bench recall: --batch must be ≥ 1, got %d", b.batch)
	case b.explain && b.rerank:
		// The views are ranked before the reranker, the misses after it:
		// counted together they would not add up.
		return o, errors.New("bench recall: --explain-misses reports the views before a rerank; run it without --rerank")
	}
	var err error
	o.Categories, err = parseCategories(b.categories)
	return o, err
}

// parseCategories reads --categories: numbers separated by commas or
// spaces ("" : the format's default). An empty item between commas
// ("1,,2", "1,") is refused, as REST refuses ?categories=a,,b: it was
// dropped without a word, so a list cut short by an unset shell variable
// ran on the categories that were left.
func parseCategories(v string) ([]int, error) {
	var out []int
	empty := false
	for _, item := range strings.Split(v, ",") {
		words := strings.Fields(item)
		empty = empty || len(words) == 0
		for _, c := range words {
			n, err := strconv.Atoi(c)
			if err != nil {
				return nil, fmt.Errorf("bench recall: --categories: %q is not a number", c)
			}
			out = append(out, n)
		}
	}
	switch {
	case v != "" && len(out) == 0: // "," would ask the default categories
		return nil, fmt.Errorf("bench recall: --categories %q lists no category", v)
	case v != "" && empty:
		return nil, fmt.Errorf("bench recall: --categories %q has an empty item: list numbers separated by commas", v)
	}
	return out, nil
}

// benchDataDir returns the store directory: a fresh temp dir removed by
// cleanup, or the given one, which must be empty so old data cannot skew
// the numbers.
func benchDataDir(dir string) (string, func(), error) {
	if dir == "" {
		tmp, err := os.MkdirTemp("", "memsvc-bench-")
		if err != nil {
			return "", nil, fmt.Errorf("bench: temp dir: %w", err)
		}
		return tmp, func() { os.RemoveAll(tmp) }, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", nil, fmt.Errorf("bench: --data-dir: %w", err)
	}
	if len(entries) > 0 {
		return "", nil, fmt.Errorf("bench: --data-dir %s is not empty; the benchmark needs a fresh store", dir)
	}
	return dir, func() {}, nil
}

// runRecall opens the app on cfg.DataDir exactly as the server does, and
// runs the benchmark against it, searching via HTTP or the engine.
func runRecall(ctx context.Context, cfg Config, b benchFlags, ds *bench.Dataset, o bench.Options, sys IO) (*bench.Report, error) {
	logger, err := newLogger(cfg, sys)
	if err != nil {
		return nil, err
	}
	a, err := openApp(ctx, cfg, logger)
	if err != nil {
		return nil, err
	}
	defer a.Close()
	target := bench.Target{Engine: a.engine, Searcher: bench.EngineSearcher{Engine: a.engine}}
	if b.via == "http" {
		base, stop, err := serveBenchHTTP(a, cfg)
		if err != nil {
			return nil, err
		}
		defer stop()
		target.Searcher = bench.HTTPSearcher{Client: &http.Client{Timeout: time.Minute}, BaseURL: base}
	}
	return bench.Run(ctx, ds, target, o)
}

// serveBenchHTTP serves the REST handler on a loopback port in-process, so
// measured search latency includes routing, auth, JSON and the socket.
func serveBenchHTTP(a *app, cfg Config) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("bench: listen: %w", err)
	}
	handler, err := rest.New(rest.Options{Engine: a.engine, Keys: a.keys, Logger: a.log, Version: version})
	if err != nil {
		ln.Close()
		return "", nil, err
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }() // returns ErrServerClosed once stopped
	stop := func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}
	return "http://" + ln.Addr().String(), stop, nil
}
