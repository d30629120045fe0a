package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/memsvc/memsvc/bench"
	"github.com/memsvc/memsvc/engine"
)

const fitSummary = `Fit the relevance model of one search mode to the labelled results that "memsvc bench recall
--via engine --mode MODE --samples FILE" wrote (one file per dataset: each weighs the same, with its
relevant and irrelevant results balanced), and print the coefficients with each file's calibration
before and after (JSON on stdout, the coefficients as relevance.go writes them on stderr).`

// benchFit runs `memsvc bench fit-relevance`.
func benchFit(args []string, sys IO) error {
	fs := newFlagSet("bench fit-relevance", "", sys.Stdout)
	mode := fs.String("mode", "", "search mode to fit: hybrid, text or vector (default: the one the samples were measured in)")
	floor := fs.Float64("floor", engine.DefaultConfig().RelevanceFloor, "relevance floor the calibration is judged at, in [0, 1]")
	fs.Usage = func() {
		fmt.Fprintf(sys.Stdout, "Usage: memsvc bench fit-relevance [--mode MODE] [--floor F] SAMPLES...\n\n%s\n\n", fitSummary)
		printFlags(sys.Stdout, fs, benchEnvName)
	}
	if err := parseArgs(fs, args, sys.Getenv, benchEnvName); err != nil {
		return err
	}
	switch {
	case *mode != "" && *mode != engine.ModeHybrid && *mode != engine.ModeText && *mode != engine.ModeVector:
		return fitUsage(fmt.Errorf("--mode must be hybrid, text or vector, got %q", *mode))
	case fs.NArg() == 0:
		return fitUsage(errors.New("give at least one samples file"))
	case !(*floor >= 0 && *floor <= 1): // NaN too
		return fitUsage(fmt.Errorf("--floor must be in [0, 1], got %g", *floor))
	}
	sets, err := readSampleFiles(fs.Args())
	if err != nil {
		return err
	}
	if *mode == "" {
		if *mode, err = bench.SamplesMode(sets); err != nil {
			return fmt.Errorf("bench fit-relevance: %w", err)
		}
	}
	rep, err := bench.FitAndCompare(*mode, *floor, fs.Args(), sets)
	if err != nil {
		return fmt.Errorf("bench fit-relevance: %w", err)
	}
	enc := json.NewEncoder(sys.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return fmt.Errorf("bench fit-relevance: write report: %w", err)
	}
	fmt.Fprintln(sys.Stderr, fitLine(rep))
	return nil
}

func fitUsage(err error) error {
	return errUsage{fmt.Errorf("bench fit-relevance: %w (see memsvc bench fit-relevance --help)", err)}
}

func readSampleFiles(paths []string) ([][]bench.Sample, error) {
	var sets [][]bench.Sample
	for _, p := range paths {
		f, err := os.Open(p)
		if errors.Is(err, os.ErrNotExist) { // exit 3, as for the dataset of bench recall
			return nil, errNotFound{fmt.Errorf("bench fit-relevance: %s: %w", p, pathErrCause(err))}
		}
		if err != nil {
			return nil, fmt.Errorf("bench fit-relevance: %s: %w", p, pathErrCause(err))
		}
		s, err := bench.ReadSamples(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("bench fit-relevance: %s: %w", p, err)
		}
		sets = append(sets, s)
	}
	return sets, nil
}

// fitLine is the summary: the coefficients in relevance.go's own form and,
// per file, TPR/FPR before → after.
func fitLine(rep *bench.FitReport) string {
	m := rep.Fit.Model
	var b strings.Builder
	fmt.Fprintf(&b, "%s: RelevanceModel{Bias: %g, QueryCover: %g, RestCover: %g, Cosine: %g}", rep.Fit.Mode, m.Bias, m.QueryCover, m.RestCover, m.Cosine)
	for _, s := range rep.Sets {
		fmt.Fprintf(&b, "; %s tpr %.3f→%.3f fpr %.3f→%.3f cal_err %.3f→%.3f", s.Name, s.Before.TPR, s.After.TPR,
			s.Before.FPR, s.After.FPR, s.Before.Error, s.After.Error)
	}
	return b.String()
}
