package bench

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// idPattern finds turn-id-shaped runs in an evidence entry: an optional
// letter prefix, then numbers separated by colons, tolerating stray spaces
// and a colon after the prefix ("D1:3", "D:11:26", "D 4: 5").
var idPattern = regexp.MustCompile(`([A-Za-z]*)[\s:]*(\d+)((?:\s*:\s*\d+)*)`)

// canonicalID reduces an idPattern match to a comparable form: upper-case
// prefix, numbers without leading zeros, joined by colons.
func canonicalID(m []string) string {
	var b strings.Builder
	b.WriteString(strings.ToUpper(m[1]))
	b.WriteString(trimZeros(m[2]))
	for _, part := range strings.Split(m[3], ":") {
		if p := strings.TrimSpace(part); p != "" {
			b.WriteString(":" + trimZeros(p))
		}
	}
	return b.String()
}

func trimZeros(digits string) string {
	if t := strings.TrimLeft(digits, "0"); t != "" {
		return t
	}
	return "0"
}

// evidenceResolver maps evidence entries to the turn ids of one conversation.
type evidenceResolver struct {
	conv  string
	exact map[string]bool
	canon map[string]string // canonical form → the conversation's own id
	photo map[string]bool   // canonical forms of turns that carry a shared image
	stats *EvidenceStats
}

func newEvidenceResolver(c *Conversation) *evidenceResolver {
	r := &evidenceResolver{conv: c.ID, exact: map[string]bool{}, canon: map[string]string{},
		photo: map[string]bool{}, stats: &c.Evidence}
	for _, s := range c.Sessions {
		for _, t := range s.Turns {
			r.exact[t.ID] = true
			if m := idPattern.FindStringSubmatch(t.ID); m != nil {
				if _, dup := r.canon[canonicalID(m)]; !dup {
					r.canon[canonicalID(m)] = t.ID
				}
				if t.Caption != "" {
					r.photo[canonicalID(m)] = true
				}
			}
		}
	}
	return r
}

// maxExamplesPerConversation caps the repair examples a conversation keeps.
const maxExamplesPerConversation = 10

// resolve returns the deduplicated turn ids that raw names, counting every
// repair and every skipped part.
func (r *evidenceResolver) resolve(question string, raw []string) []string {
	var out []string
	seen := map[string]bool{}
	keep := func(id string) {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	for _, e := range raw {
		r.stats.Entries++
		entry := strings.TrimSpace(e)
		if r.exact[entry] {
			keep(entry)
			continue
		}
		kept, problem := r.repair(entry)
		for _, id := range kept {
			keep(id)
		}
		if len(r.stats.Examples) < maxExamplesPerConversation {
			r.stats.Examples = append(r.stats.Examples, EvidenceExample{Conversation: r.conv, Question: question,
				Raw: e, Kept: kept, Problem: problem})
		}
	}
	r.stats.IDs += len(out)
	return out
}

// repair handles an entry that is not exactly a turn id: it splits it into
// id-shaped parts and maps each part to a turn by canonical form.
func (r *evidenceResolver) repair(entry string) (kept []string, problem string) {
	matches := idPattern.FindAllStringSubmatch(entry, -1)
	if len(matches) == 0 {
		r.stats.Malformed++
		return nil, "no turn id"
	}
	var problems []string
	if len(matches) > 1 {
		r.stats.Split++
		problems = append(problems, fmt.Sprintf("%d ids in one entry", len(matches)))
	}
	for _, m := range matches {
		id, ok := r.canon[canonicalID(m)]
		if !ok {
			if id, ok = r.foldedPhoto(canonicalID(m)); ok {
				problems = append(problems, fmt.Sprintf("%q is a photo message folded into %s", strings.TrimSpace(m[0]), id))
				kept = append(kept, id)
				continue
			}
			r.stats.Unknown++
			problems = append(problems, fmt.Sprintf("%q names no turn", strings.TrimSpace(m[0])))
			continue
		}
		kept = append(kept, id)
	}
	if len(matches) == 1 && len(kept) == 1 {
		r.stats.Normalised++
		problems = append(problems, "normalised")
	}
	return kept, strings.Join(problems, "; ")
}

// foldedPhoto maps the id of a missing turn to the turn its photo was folded
// into. Chat exports that attach a photo to the text message next to it
// keep the photo message's own id as a gap in the numbering (D2:30, D2:32,
// no D2:31), and questions about the photo cite the gap. The mapping is
// taken only when it is unambiguous: exactly one of the two turns either
// side of the gap, in the same session, carries an image.
func (r *evidenceResolver) foldedPhoto(canon string) (string, bool) {
	cut := strings.LastIndexByte(canon, ':')
	if cut < 0 {
		return "", false
	}
	n, err := strconv.Atoi(canon[cut+1:])
	if err != nil {
		return "", false
	}
	var found []string
	for _, near := range []int{n - 1, n + 1} {
		key := canon[:cut+1] + strconv.Itoa(near)
		if r.photo[key] {
			found = append(found, r.canon[key])
		}
	}
	if len(found) != 1 {
		return "", false
	}
	return found[0], true
}

// rawEvidence reads an evidence field defensively: a list of strings (or
// numbers, or nested lists), a single string, or nothing.
func rawEvidence(b json.RawMessage) []string {
	if len(b) == 0 {
		return nil
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return []string{string(b)}
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case nil:
		case string:
			out = append(out, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		default:
			out = append(out, fmt.Sprint(x))
		}
	}
	walk(v)
	return out
}

// add sums o into s, keeping at most maxExamples examples.
func (s *EvidenceStats) add(o EvidenceStats, maxExamples int) {
	s.Entries += o.Entries
	s.IDs += o.IDs
	s.Normalised += o.Normalised
	s.Split += o.Split
	s.Malformed += o.Malformed
	s.Unknown += o.Unknown
	for _, e := range o.Examples {
		if len(s.Examples) >= maxExamples {
			break
		}
		s.Examples = append(s.Examples, e)
	}
}
