package extract

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"
)

// -update writes the extractor's actual output to testdata/actual/ for inspection. It never
// touches the expected facts in testdata/conversations/: those are written by hand.
var update = flag.Bool("update", false, "write actual extraction output to testdata/actual/ (expected facts are never rewritten)")

// fuzzyThreshold is the token-overlap (Dice coefficient over lowercase word tokens) at or above
// which an extracted text matches an expected one when the normalised texts differ.
const fuzzyThreshold = 0.8

// heldOutPrefix names fixtures in testdata/conversations written after the rules and never used
// to tune them: their precision and recall, printed apart, estimate how the rules do on unseen
// phrasing. Do not tune the extractor on them; add new fixtures instead, and new held-out ones
// from time to time.
const heldOutPrefix = "heldout_"

// showHeldOut prints the misses of the held-out sets too. Leave it off while tuning rules, so
// that the held-out numbers stay an honest estimate.
var showHeldOut = flag.Bool("show-heldout", false, "log the misses of the held-out fixture sets")

// fixtureSet is one group of fixtures scored on its own.
type fixtureSet struct {
	name    string
	dir     string
	heldOut bool                   // never tuned on: misses are hidden unless -show-heldout
	keep    func(name string) bool // which files of dir belong to the set
	minPR   float64                // precision and recall below this fail the test; 0: report only
}

// fixtureSets are the golden sets: the original conversations (tuned and held-out), the
// coding-session conversations (tuned, and a held-out directory never tuned on), and a fresh set
// written before its rules were looked at (report only: it was then tuned on), and a second
// everyday-chat set written the same way (progressive activities, "we", "but" contrasts,
// weekday appointments, family members, hedges, questions stating facts), and a third written
// from a hands-on probe of a running server (several facts in a turn, subjects dropped as chat
// drops them, verbless attributes), and a fourth in the register of real chat (lowercase, no
// full stops, run-ons, asides in brackets, emoji, fragments answering the assistant), and a fifth
// mixing that register with coding-agent talk (contractions without apostrophes, comments after a
// comma, backticked values with colons, "use X not Y", versions), and a sixth of multi-turn
// exchanges (pronouns the question or the turn before named, second facts after a comma,
// verbless continuations, hedges, "me" as an object, opinions glued to facts), and a seventh of
// everyday chat to an assistant that remembers (openers such as "Good,", "Yeah so", "honestly";
// "I'd love to", "I'd been"; amounts in asides; "nope" answers; informal kin; corrections), and an
// eighth of requests to an assistant that state facts on the way ("I'm trying to…, can you…"),
// household phrases ("just the two of us"), abbreviations with full stops, fillers, hedges.
var fixtureSets = []fixtureSet{
	{name: "conversations (tuned)", dir: "conversations", keep: func(n string) bool { return !strings.HasPrefix(n, heldOutPrefix) }, minPR: 0.9},
	{name: "conversations held-out (heldout_*)", dir: "conversations", heldOut: true, keep: func(n string) bool { return strings.HasPrefix(n, heldOutPrefix) }},
	{name: "coding sessions (tuned)", dir: "coding", keep: func(string) bool { return true }, minPR: 0.9},
	{name: "coding sessions held-out (coding_heldout/)", dir: "coding_heldout", heldOut: true, keep: func(string) bool { return true }},
	{name: "fresh (written 2026-11-26)", dir: "fresh", keep: func(string) bool { return true }},
	{name: "everyday (written 2026-11-26, second)", dir: "everyday", keep: func(string) bool { return true }},
	{name: "chat mix (written 2026-11-28, third)", dir: "chatmix", keep: func(string) bool { return true }},
	{name: "real chat (written 2026-11-28, fourth)", dir: "chatreal", keep: func(string) bool { return true }},
	{name: "chat and code (written 2026-11-28, fifth)", dir: "chatcode", keep: func(string) bool { return true }},
	{name: "chat turns (written 2026-11-28, sixth)", dir: "chatturns", keep: func(string) bool { return true }},
	{name: "chat life (written 2026-11-28, seventh)", dir: "chatlife", keep: func(string) bool { return true }},
	{name: "chat plans (written 2026-11-28, eighth)", dir: "chatplans", keep: func(string) bool { return true }},
}

type fixture struct {
	Description string `json:"description"`
	Request     struct {
		Now         time.Time `json:"now"`
		AgentMemory bool      `json:"agent_memory"`
		Messages    []struct {
			ID        string    `json:"id"`
			Role      string    `json:"role"`
			Name      string    `json:"name"`
			Content   string    `json:"content"`
			CreatedAt time.Time `json:"created_at"`
		} `json:"messages"`
	} `json:"request"`
	Expected []expectedFact `json:"expected"`
}

// expectedFact is one hand-written expectation. Text is required; the other fields are
// checked only when present.
type expectedFact struct {
	Text      string `json:"text"`
	Slot      *Slot  `json:"slot,omitempty"`
	Kind      string `json:"kind,omitempty"`
	ValidFrom string `json:"valid_from,omitempty"` // a date (2006-01-02) or an RFC 3339 time
	Negated   *bool  `json:"negated,omitempty"`
}

func (f fixture) request() Request {
	req := Request{Now: f.Request.Now, AgentMemory: f.Request.AgentMemory}
	for _, m := range f.Request.Messages {
		req.Messages = append(req.Messages, Message{ID: m.ID, Role: m.Role, Name: m.Name, Content: m.Content, CreatedAt: m.CreatedAt})
	}
	return req
}

func loadFixtures(t testing.TB, dir string) map[string]fixture {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", dir, "*.json"))
	if err != nil {
		t.Fatalf("glob fixtures: %v", err)
	}
	out := map[string]fixture{}
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("read %s: %v", p, err)
		}
		var f fixture
		if err := json.Unmarshal(raw, &f); err != nil {
			t.Fatalf("parse %s: %v", p, err)
		}
		out[strings.TrimSuffix(filepath.Base(p), ".json")] = f
	}
	return out
}

// matchTokens lowercases and splits on anything but letters and digits.
func matchTokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// textScore is 1 for texts equal up to case and punctuation, else their token-overlap Dice coefficient.
func textScore(a, b string) float64 {
	ta, tb := matchTokens(a), matchTokens(b)
	if strings.Join(ta, " ") == strings.Join(tb, " ") {
		return 1
	}
	count := map[string]int{}
	for _, w := range ta {
		count[w]++
	}
	common := 0
	for _, w := range tb {
		if count[w] > 0 {
			count[w]--
			common++
		}
	}
	if len(ta)+len(tb) == 0 {
		return 0
	}
	return 2 * float64(common) / float64(len(ta)+len(tb))
}

// attrMismatch names the first checked attribute of exp that act does not have.
func attrMismatch(exp expectedFact, act Fact) string {
	if exp.Slot != nil {
		if act.Slot == nil {
			return fmt.Sprintf("slot: want %+v, got none", *exp.Slot)
		}
		got := normSlot(*act.Slot)
		if exp.Slot.Replaces == "" {
			got.Replaces = "" // checked only when the fixture names it
		}
		if normSlot(*exp.Slot) != got {
			return fmt.Sprintf("slot: want %+v, got %+v", normSlot(*exp.Slot), *act.Slot)
		}
	}
	if exp.Kind != "" && exp.Kind != act.Kind {
		return fmt.Sprintf("kind: want %s, got %s", exp.Kind, act.Kind)
	}
	if exp.ValidFrom != "" {
		got := act.ValidFrom.UTC().Format(time.RFC3339)
		if len(exp.ValidFrom) == len("2006-01-02") {
			got = act.ValidFrom.Format("2006-01-02")
		}
		if got != exp.ValidFrom {
			return fmt.Sprintf("valid_from: want %s, got %s", exp.ValidFrom, got)
		}
	}
	if exp.Negated != nil && *exp.Negated != act.Negated {
		return fmt.Sprintf("negated: want %v, got %v", *exp.Negated, act.Negated)
	}
	return ""
}

// score matches expected facts to actual ones greedily by best text score and returns the
// number of true positives and a description of every miss.
func score(exp []expectedFact, act []Fact) (tp int, misses []string) {
	used := make([]bool, len(act))
	for _, e := range exp {
		best, bestScore := -1, 0.0
		for i, a := range act {
			if s := textScore(e.Text, a.Text); !used[i] && s >= fuzzyThreshold && s > bestScore {
				best, bestScore = i, s
			}
		}
		if best < 0 {
			misses = append(misses, fmt.Sprintf("missing: %q", e.Text))
			continue
		}
		used[best] = true
		if why := attrMismatch(e, act[best]); why != "" {
			misses = append(misses, fmt.Sprintf("wrong: %q: %s", act[best].Text, why))
			continue
		}
		tp++
	}
	for i, a := range act {
		if !used[i] {
			misses = append(misses, fmt.Sprintf("extra: %q (slot %v)", a.Text, a.Slot))
		}
	}
	return tp, misses
}

func TestGoldenConversations(t *testing.T) {
	x := NewBuiltin()
	total := 0
	for _, set := range fixtureSets {
		fixtures := loadFixtures(t, set.dir)
		names := make([]string, 0, len(fixtures))
		for n := range fixtures {
			if set.keep(n) {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		total += len(names)
		var tp, nExp, nAct int
		for _, name := range names {
			f := fixtures[name]
			got, err := x.Extract(context.Background(), f.request())
			if err != nil {
				t.Fatalf("%s/%s: extract: %v", set.dir, name, err)
			}
			if *update {
				writeActual(t, filepath.Join(set.dir, name), got)
			}
			ftp, misses := score(f.Expected, got)
			tp, nExp, nAct = tp+ftp, nExp+len(f.Expected), nAct+len(got)
			if set.heldOut && !*showHeldOut {
				continue
			}
			for _, m := range misses {
				t.Logf("%s/%s: %s", set.dir, name, m)
			}
		}
		precision, recall := ratio(tp, nAct), ratio(tp, nExp)
		t.Logf("%-45s %3d fixtures: %3d expected, %3d extracted, %3d correct: precision %.3f, recall %.3f",
			set.name, len(names), nExp, nAct, tp, precision, recall)
		if precision < set.minPR || recall < set.minPR {
			t.Errorf("%s: precision %.3f / recall %.3f below %.2f", set.name, precision, recall, set.minPR)
		}
	}
	if total < 200 {
		t.Fatalf("want at least 200 fixtures, have %d", total)
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

type actualFact struct {
	Text      string   `json:"text"`
	Speaker   string   `json:"speaker"`
	Slot      *Slot    `json:"slot,omitempty"`
	Kind      string   `json:"kind"`
	ValidFrom string   `json:"valid_from"`
	ValidTo   string   `json:"valid_to,omitempty"`
	Negated   bool     `json:"negated,omitempty"`
	Excerpt   string   `json:"excerpt"`
	Messages  []string `json:"message_ids,omitempty"`
}

func writeActual(t *testing.T, name string, facts []Fact) {
	t.Helper()
	out := make([]actualFact, 0, len(facts))
	for _, f := range facts {
		af := actualFact{Text: f.Text, Speaker: f.Speaker, Slot: f.Slot, Kind: f.Kind,
			ValidFrom: f.ValidFrom.Format(time.RFC3339), Negated: f.Negated, Excerpt: f.Excerpt, Messages: f.MessageIDs}
		if !f.ValidTo.IsZero() {
			af.ValidTo = f.ValidTo.Format(time.RFC3339)
		}
		out = append(out, af)
	}
	raw, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatalf("marshal actual: %v", err)
	}
	dir := filepath.Join("testdata", "actual")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("mkdir: %v", err)
	}
	path := filepath.Join(dir, name+".json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatalf("mkdir: %v", err)
	}
	if err := os.WriteFile(path, append(raw, '\n'), 0o644); err != nil {
		t.Fatalf("write actual: %v", err)
	}
}
