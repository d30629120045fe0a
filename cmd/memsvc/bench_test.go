package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchFixture is the small LoCoMo-shaped dataset of bench.
var benchFixture = filepath.Join("..", "..", "bench", "testdata", "locomo-mini.json")

// benchReport is the part of the JSON report these tests read.
type benchReport struct {
	Mode      string `json:"mode"`
	K         int    `json:"k"`
	Via       string `json:"via"`
	Questions struct {
		Asked int `json:"asked"`
	} `json:"questions"`
	Overall struct {
		N      int     `json:"n"`
		Recall float64 `json:"recall"`
	} `json:"overall"`
	Latency struct {
		N   int     `json:"n"`
		P95 float64 `json:"p95_ms"`
	} `json:"search_latency"`
	Ingest struct {
		Turns       int     `json:"turns"`
		TurnsPerSec float64 `json:"turns_per_sec"`
	} `json:"ingest"`
	PeakRSSMB float64 `json:"peak_rss_mb"`
}

// runBenchCmd runs `memsvc bench` with args and env and returns stdout, stderr
// and the error.
func runBenchCmd(t *testing.T, env map[string]string, args ...string) (string, string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := runBench(t.Context(), args, IO{Stdout: &stdout, Stderr: &stderr, Getenv: getenvFrom(env)})
	return stdout.String(), stderr.String(), err
}

func decodeReport(t *testing.T, stdout string) benchReport {
	t.Helper()
	var r benchReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("stdout is not a JSON report: %v\n%s", err, stdout)
	}
	return r
}

func TestBenchRecallFixture(t *testing.T) {
	for _, via := range []string{"http", "engine"} {
		t.Run(via, func(t *testing.T) {
			stdout, stderr, err := runBenchCmd(t, nil, "recall", "--data", benchFixture, "--format", "locomo",
				"--via", via, "--k", "3", "--mode", "text", "--no-sync")
			if err != nil {
				t.Fatalf("bench: %v\nstderr:\n%s", err, stderr)
			}
			r := decodeReport(t, stdout)
			if r.Via != via || r.Mode != "text" || r.K != 3 || r.Questions.Asked != 8 || r.Overall.N != 8 || r.Latency.N != 8 {
				t.Errorf("report = %+v", r)
			}
			if r.Ingest.Turns != 29 || r.Ingest.TurnsPerSec <= 0 || r.PeakRSSMB <= 0 {
				t.Errorf("ingest %+v, rss %v", r.Ingest, r.PeakRSSMB)
			}
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			if last := lines[len(lines)-1]; !strings.HasPrefix(last, "recall@3=") || !strings.Contains(last, " n=8 ") {
				t.Errorf("last stderr line = %q, want the summary", last)
			}
			if len(lines) > 1 {
				t.Errorf("stderr has more than the summary (request logs?):\n%s", stderr)
			}
		})
	}
}

func TestBenchRecallUsage(t *testing.T) {
	nonEmpty := t.TempDir()
	if err := os.WriteFile(filepath.Join(nonEmpty, "x"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		mention string
	}{
		{"no benchmark", nil, nil, "missing benchmark"},
		{"unknown benchmark", []string{"speed"}, nil, "unknown benchmark"},
		{"no data", []string{"recall", "--format", "locomo"}, nil, "--data"},
		{"bad format", []string{"recall", "--data", benchFixture, "--format", "msc"}, nil, "--format"},
		{"bad via", []string{"recall", "--data", benchFixture, "--format", "locomo", "--via", "grpc"}, nil, "--via"},
		{"bad k", []string{"recall", "--data", benchFixture, "--format", "locomo", "--k", "0"}, nil, "--k"},
		{"bad categories", []string{"recall", "--data", benchFixture, "--format", "locomo", "--categories", "1,x"}, nil, "--categories"},
		{"stray argument", []string{"recall", "--data", benchFixture, "--format", "locomo", "extra"}, nil, "unexpected argument"},
		{"explain with rerank", []string{"recall", "--data", benchFixture, "--format", "locomo", "--explain-misses", "--rerank"}, nil, "without --rerank"},
		{"samples over http", []string{"recall", "--data", benchFixture, "--format", "locomo", "--samples", "x.jsonl"}, nil, "--via engine"},
		{"fit without files", []string{"fit-relevance"}, nil, "samples file"},
		{"fit bad mode", []string{"fit-relevance", "--mode", "fuzzy", "x.jsonl"}, nil, "--mode"},
		{"fit bad floor", []string{"fit-relevance", "--floor", "2", "x.jsonl"}, nil, "--floor"},
		{"non-empty data dir", []string{"recall", "--data", benchFixture, "--format", "locomo", "--data-dir", nonEmpty}, nil, "not empty"},
		{"bad env value", []string{"recall", "--data", benchFixture, "--format", "locomo"}, map[string]string{"MEMSVC_BENCH_K": "ten"}, "MEMSVC_BENCH_K"},
		// The server's data directory is never read as the dataset.
		{"server data dir ignored", []string{"recall", "--format", "locomo"}, map[string]string{"MEMSVC_DATA_DIR": benchFixture}, "--data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, err := runBenchCmd(t, tt.env, tt.args...)
			var u errUsage
			if !errors.As(err, &u) {
				t.Fatalf("err = %v, want a usage error", err)
			}
			// The usage error is the one line Main prints on stderr.
			if !strings.Contains(stderr+err.Error(), tt.mention) {
				t.Errorf("the usage error does not mention %q: %v\n%s", tt.mention, err, stderr)
			}
		})
	}
}

func TestBenchRecallEnvAndDataDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	env := map[string]string{"MEMSVC_BENCH_DATA": benchFixture, "MEMSVC_BENCH_FORMAT": "locomo", "MEMSVC_BENCH_VIA": "engine",
		"MEMSVC_BENCH_DATA_DIR": dir, "MEMSVC_BENCH_LIMIT_CONVERSATIONS": "1", "MEMSVC_NO_SYNC": "true"}
	stdout, stderr, err := runBenchCmd(t, env, "recall")
	if err != nil {
		t.Fatalf("bench: %v\nstderr:\n%s", err, stderr)
	}
	if r := decodeReport(t, stdout); r.Via != "engine" || r.Ingest.Turns != 15 {
		t.Errorf("report = %+v, want via engine and one conversation's 15 turns", r)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) == 0 {
		t.Errorf("--data-dir %s was not used (entries %d, err %v)", dir, len(entries), err)
	}
}

// TestBenchRecallDev runs the development split in each search mode with
// raw ingest and logs the numbers. It takes minutes, so it runs only with
// MEMSVC_BENCH_DEV=1; MEMSVC_BENCH_OUT names a directory for the reports.
func TestBenchRecallDev(t *testing.T) {
	if os.Getenv("MEMSVC_BENCH_DEV") != "1" {
		t.Skip("set MEMSVC_BENCH_DEV=1 to run the development split")
	}
	data := filepath.Join("..", "..", "..", "shared", "eval", "locomo-dev.json")
	out := os.Getenv("MEMSVC_BENCH_OUT")
	modes := strings.Fields(strings.ReplaceAll(os.Getenv("MEMSVC_BENCH_MODES"), ",", " "))
	if len(modes) == 0 {
		modes = []string{"hybrid", "text", "vector"}
	}
	for _, mode := range modes {
		t.Run(mode, func(t *testing.T) {
			args := []string{"recall", "--data", data, "--format", "locomo", "--mode", mode, "--misses", "25"}
			if extra := os.Getenv("MEMSVC_BENCH_ARGS"); extra != "" {
				args = append(args, strings.Fields(extra)...)
			}
			stdout, stderr, err := runBenchCmd(t, nil, args...)
			if err != nil {
				t.Fatalf("bench: %v\nstderr:\n%s", err, stderr)
			}
			t.Logf("%s: %s", mode, strings.TrimSpace(stderr))
			if out != "" {
				if err := os.WriteFile(filepath.Join(out, "recall-"+mode+".json"), []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
