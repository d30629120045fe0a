package write

import (
	"context"
	"regexp"
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/ingest"
	"github.com/memsvc/memsvc/text"
)

// correctedFact turns a distilled correction ("Sorry, User meant Tuesday, not
// Monday") into what it means: the stored fact that said the wrong value, with
// the right one (ingest.Corrected), which then supersedes that fact. ok is
// false when f corrects nothing stored.
func (e *Writer) correctedFact(ctx context.Context, f extract.Fact, cands []ingest.Candidate) (extract.Fact, []float32, ingest.Decision, bool, error) {
	cands = ingest.Mentioning(cands, f.Of) // "the retro is the 9th, not the 8th" fixes only the retro's day
	text, target, ok := ingest.Corrected(f.Text, f.About, cands)
	if !ok {
		if fixed := misspeltName(f.Text, cands); fixed != "" {
			text, target, ok = ingest.Corrected(fixed, f.About, cands)
		}
	}
	if !ok {
		return f, nil, ingest.Decision{}, false, nil
	}
	return e.supersedingAs(ctx, f, text, target)
}

// supersedingAs is f told as text, which supersedes the stored fact target: what a
// correction or a delta means once the candidates read inside the write told it
// (correctedFact, accumulatedFact). The text is embedded here, inside the write, for the
// same reason; such a fact is rare and short, so the one embedding is cheap.
func (e *Writer) supersedingAs(ctx context.Context, f extract.Fact, text, target string) (extract.Fact, []float32, ingest.Decision, bool, error) {
	vecs, err := e.embedStored(ctx, []string{text})
	if err != nil {
		return f, nil, ingest.Decision{}, false, err
	}
	f.Text, f.Slot = text, extract.SlotOf(text)
	return f, vecs[0], ingest.Decision{Event: ingest.Supersede, Closes: []string{target}}, true, nil
}

// meantNameRe: "User meant Jackson", a correction that gives only the right name (a
// starred "*Jackson" is distilled so). Group 1 is the name.
var meantNameRe = regexp.MustCompile(`^\S+ meant ([A-Z][\w'-]{2,})[.!]?$`)

// misspeltName completes a correction that gives only a right name with the wrong one
// it fixes: a capitalised word of a stored candidate spelt within a few edits of it, with
// the same first letter ("Jaxon" for "Jackson"). It returns "User meant Jackson, not
// Jaxon", or "" when no stored name is a near miss.
func misspeltName(fact string, cands []ingest.Candidate) string {
	m := meantNameRe.FindStringSubmatch(strings.TrimSpace(fact))
	if m == nil {
		return ""
	}
	right, wrong := m[1], ""
	for _, c := range cands {
		for _, w := range strings.FieldsFunc(c.Text, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
			if w != right && unicode.IsUpper(rune(w[0])) && strings.EqualFold(w[:1], right[:1]) && nearMiss(strings.ToLower(w), strings.ToLower(right)) {
				wrong = w // the newest candidate's spelling wins: ids are time-ordered
			}
		}
	}
	if wrong == "" {
		return ""
	}
	return strings.Replace(fact, right, right+", not "+wrong, 1)
}

// nearMiss reports two different words within two edits (text.EditDistance) of each
// other, three for words of five letters or more: near enough to be a typo or an
// autocorrection, not another word.
func nearMiss(a, b string) bool {
	if a == b || len(a) < 4 || len(b) < 4 {
		return false
	}
	limit := 2
	if min(len(a), len(b)) >= 5 {
		limit = 3 // "Jaxon" for "Jackson": autocorrect swaps a letter pair for a sound
	}
	return text.EditDistance(a, b) <= limit
}
