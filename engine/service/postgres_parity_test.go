package service_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store/postgres"
	"github.com/memsvc/memsvc/engine/store/postgres/pgtest"
)

// pg is the throwaway PostgreSQL cluster of the parity tests, started on
// first use (they skip where Postgres is not installed, fail under CI).
var pg pgtest.Lazy

func TestMain(m *testing.M) {
	code := pg.Main(m)
	closePreloaded() // the latency benchmarks' stores (benchstore_test.go)
	os.Exit(code)
}

// testStore opens the store the engines of newIntentEngine and
// newServedEngine run on: a real Badger store, or a PostgreSQL database
// while onPostgres runs a test body. Tests of this package run one at a
// time (none is parallel), which onPostgres relies on.
var testStore = func(t *testing.T) engine.Store { return openStore(t) }

// openPostgres opens a fresh database of the cluster as the hosted form
// does, closed at cleanup.
func openPostgres(t *testing.T) engine.Store {
	t.Helper()
	st, err := postgres.Open(t.Context(), postgres.Options{URL: pg.NewDatabase(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// onPostgres runs fn with every engine the helpers build on PostgreSQL.
func onPostgres(t *testing.T, fn func()) {
	t.Helper()
	pg.Get(t) // skip (or fail under CI) before touching testStore
	defer func(prev func(*testing.T) engine.Store) { testStore = prev }(testStore)
	testStore = openPostgres
	fn()
}

// transcript records what the prompt hook injected for each prompt while
// a test runs under recordHook.
type transcript struct {
	mu    sync.Mutex
	lines []string
}

// hookTranscript is nil except under recordHook.
var hookTranscript *transcript

func (tr *transcript) record(prompt string, injected []string) {
	if tr == nil {
		return
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.lines = append(tr.lines, fmt.Sprintf("%q → %q", prompt, injected))
}

// recordHook runs the relevance test fn and returns what its prompt hook
// injected, prompt by prompt.
func recordHook(t *testing.T, fn func(*testing.T)) []string {
	t.Helper()
	tr := &transcript{}
	hookTranscript = tr
	defer func() { hookTranscript = nil }()
	fn(t)
	return tr.lines
}

// TestPromptRelevanceMatchesOnPostgres runs relevance prompt sets on both
// stores: each prompt must inject exactly the same memories (so the same
// prompts are found and quiet), and each set must pass on PostgreSQL too.
func TestPromptRelevanceMatchesOnPostgres(t *testing.T) {
	sets := map[string]func(*testing.T){
		"first": TestPromptRelevanceFloor, "second": TestPromptRelevanceSecondSet,
		"sixth": TestPromptRelevanceSixthSet, "tenth": TestPromptRelevanceTenthSet,
		"eleventh": TestPromptRelevanceEleventhSet, "unspaced": TestPromptRelevanceUnspacedScripts,
	}
	for name, set := range sets {
		t.Run(name, func(t *testing.T) {
			badger := recordHook(t, set)
			var hosted []string
			onPostgres(t, func() { hosted = recordHook(t, set) })
			if diff := cmp.Diff(badger, hosted); diff != "" {
				t.Errorf("injected on Badger (-) and PostgreSQL (+) differ:\n%s", diff)
			}
		})
	}
}

// TestSupersedeScenariosMatchOnPostgres runs supersede scenario sets on
// both stores: every memory (current or history, with its state and
// whether its window is closed) and every check's outcome must match.
func TestSupersedeScenariosMatchOnPostgres(t *testing.T) {
	sets := map[string][]scenario{"first": supersedeScenarios, "heldout": heldoutScenarios,
		"twelfth": supersedeTwelfth, "thirteenth": supersedeThirteenth}
	for name, set := range sets {
		for _, sc := range set {
			t.Run(name+"/"+sc.name, func(t *testing.T) {
				badger := scenarioOutcome(t, sc)
				var hosted []string
				onPostgres(t, func() { hosted = scenarioOutcome(t, sc) })
				if diff := cmp.Diff(badger, hosted); diff != "" {
					t.Errorf("outcome on Badger (-) and PostgreSQL (+) differ:\n%s", diff)
				}
			})
		}
	}
}

// scenarioOutcome runs sc on a fresh engine and renders what it left:
// every memory as "state text [closed]" in text order, then the problems
// the scenario's checks report.
func scenarioOutcome(t *testing.T, sc scenario) []string {
	t.Helper()
	e := newIntentEngine(t)
	last := runScenario(t, e, sc.steps)
	var out []string
	for _, m := range listMemories(t, e, true) {
		closed := ""
		if m.ValidTo != nil && m.ExpiredAt != nil {
			closed = " [closed]"
		}
		out = append(out, fmt.Sprintf("%s %s%s", m.State, m.Text, closed))
	}
	slices.Sort(out)
	problems := checkScenario(sc, listMemories(t, e, false), last)
	if sc.query != "" {
		problems = append(problems, checkSearch(t, e, sc)...)
	}
	return append(out, "problems: "+strings.Join(problems, "; "))
}
