// Package skill owns the model-free logic of procedural memory: telling a
// procedural query from others (IsProcedural), recognising a sequence of
// steps in text (DetectSteps), merging a newly taught procedure into an
// existing skill with a version history (Similarity, MergeInto), and finding
// the skill a query asks for (Match).
//
// Everything here is a pure, deterministic function of its arguments: the
// engine stores skills, assigns ids and clocks, and may replace DetectSteps
// with a model; it imports this package, never the reverse.
package skill

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/memsvc/memsvc/text"
)

// Skill is a reusable procedure learned from the user's memories.
type Skill struct {
	ID              string    `json:"id"`
	Name            string    `json:"name"`
	Description     string    `json:"description"`
	Steps           []string  `json:"steps"`
	Triggers        []string  `json:"triggers"`
	SourceMemoryIDs []string  `json:"source_memory_ids"`
	Uses            int       `json:"uses"`
	CreatedAt       time.Time `json:"created_at"`
	UpdatedAt       time.Time `json:"updated_at"`
	// Versions holds the earlier step lists, oldest first.
	Versions []Version `json:"versions,omitempty"`
}

// Version is an earlier state of a skill's steps, kept when a newer
// procedure changed them.
type Version struct {
	Steps           []string  `json:"steps"`
	UpdatedAt       time.Time `json:"updated_at"`
	SourceMemoryIDs []string  `json:"source_memory_ids,omitempty"`
}

// Procedure is a sequence of steps recognised in text, not yet a skill.
type Procedure struct {
	// Goal is what the steps achieve, in the user's words ("deploy the
	// website"); empty when the text did not say.
	Goal     string   `json:"goal"`
	Steps    []string `json:"steps"`
	Triggers []string `json:"triggers"`
}

// New makes a skill from a procedure. The name is the goal with a capital
// first letter ("Deploy the website"); with no goal, the first step.
func New(id string, p Procedure, sourceIDs []string, now time.Time) Skill {
	name := p.Goal
	if name == "" && len(p.Steps) > 0 {
		name = p.Steps[0]
	}
	name = capitalize(name)
	desc := "How to " + p.Goal + "."
	if p.Goal == "" {
		desc = "A procedure starting with: " + name + "."
	}
	return Skill{
		ID:              id,
		Name:            name,
		Description:     desc,
		Steps:           append([]string{}, p.Steps...), // [] rather than null in JSON
		Triggers:        unionFold([]string{}, p.Triggers),
		SourceMemoryIDs: unionExact([]string{}, sourceIDs),
		CreatedAt:       now,
		UpdatedAt:       now,
	}
}

// Triggers derives the phrasings that should find a goal: the goal itself,
// its content words, and "how to" + goal (unless the goal starts with a
// gerund). "deploy the website" →
// ["deploy the website", "deploy website", "how to deploy the website"].
func Triggers(goal string) []string {
	goal = strings.ToLower(strings.Join(strings.Fields(goal), " "))
	if goal == "" {
		return nil
	}
	var content []string
	for _, w := range strings.Fields(goal) {
		if !text.IsNoiseWord(strings.Trim(w, ".,;:!?'\"")) {
			content = append(content, w)
		}
	}
	out := []string{goal, strings.Join(content, " ")}
	if first, _, _ := strings.Cut(goal, " "); !strings.HasSuffix(first, "ing") {
		out = append(out, "how to "+goal) // not for "releasing the app"
	}
	return unionFold(nil, out)
}

// capitalize upper-cases the first letter of s.
func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// unionFold appends to dst the strings of add not already present, ignoring
// case and spacing; empty strings are skipped.
func unionFold(dst, add []string) []string {
	seen := map[string]bool{}
	key := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	for _, s := range dst {
		seen[key(s)] = true
	}
	for _, s := range add {
		if k := key(s); k != "" && !seen[k] {
			seen[k] = true
			dst = append(dst, strings.TrimSpace(s))
		}
	}
	return dst
}

// unionExact appends to dst the strings of add not already present.
func unionExact(dst, add []string) []string {
	seen := map[string]bool{}
	for _, s := range dst {
		seen[s] = true
	}
	for _, s := range add {
		if s != "" && !seen[s] {
			seen[s] = true
			dst = append(dst, s)
		}
	}
	return dst
}
