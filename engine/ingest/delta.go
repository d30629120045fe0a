package ingest

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/text"
)

// An amount changed by a delta. "User adopted two more rabbits" and "User lost 7 kg"
// say how much an amount moved, not what it is; with "User has 3 rabbits" or "User
// weighs 91 kg" stored, what they mean is that fact with the amount moved: "User has 5
// rabbits", "User weighs 84 kg", which then supersedes it. Said with nothing stored
// of that unit, a delta is kept as it was said.

const deltaCount = `(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|dozen)`

var (
	// deltaMoreRe: "two more rabbits", "3 extra engineers", "2 fewer meetings".
	deltaMoreRe = regexp.MustCompile(`(?i)\b` + deltaCount + ` (more|extra|additional|fewer|less) ([a-z]+)\b`)
	// deltaVerbRe: "lost 7 kg", "put on 3 kg", "cut back by 10 km". Group 1 the verb.
	deltaVerbRe = regexp.MustCompile(`(?i)\b(lost|shed|dropped|gained|put on|added|cut (?:back|down) by|(?:went |is |are )?down by|(?:went |is |are )?up by)(?: another)? ` +
		deltaCount + ` ([a-z]+)\b`)
	// storedAmountRe finds a number and the word after it in a stored fact.
	storedAmountRe = regexp.MustCompile(`\b(\d+(?:\.\d+)?) ([A-Za-z]+)\b`)
)

// delta reads the signed amount and the unit of a delta fact.
func delta(fact string) (float64, string, bool) {
	if m := deltaMoreRe.FindStringSubmatch(fact); m != nil {
		n, ok := countOf(m[1])
		less := strings.EqualFold(m[2], "fewer") || strings.EqualFold(m[2], "less")
		return signed(n, less), m[3], ok
	}
	if m := deltaVerbRe.FindStringSubmatch(fact); m != nil {
		n, ok := countOf(m[2])
		v := strings.ToLower(m[1])
		down := !strings.Contains(v, "gained") && !strings.Contains(v, "put on") && !strings.Contains(v, "added") && !strings.Contains(v, "up by")
		return signed(n, down), m[3], ok
	}
	return 0, "", false
}

func signed(n float64, negative bool) float64 {
	if negative {
		return -n
	}
	return n
}

// countOf reads a count in digits or in words.
func countOf(w string) (float64, bool) {
	if n, ok := numberWords[strings.ToLower(w)]; ok {
		return float64(n), true
	}
	n, err := strconv.ParseFloat(w, 64)
	return n, err == nil
}

// Accumulated returns, when fact moves an amount by a delta, the newest candidate of
// the same holder that states one amount of that unit, and its text with the amount
// moved; ok is false when fact is no delta or nothing stored holds such an amount,
// or the amount would drop below zero.
func Accumulated(fact string, cands []Candidate) (text, target string, ok bool) {
	d, unit, isDelta := delta(fact)
	if !isDelta || d == 0 {
		return "", "", false
	}
	holder := holderOf(fact)
	for _, c := range cands {
		if c.ID <= target || !extract.HeldBy(holderOf(c.Text), holder) || delta0(c.Text) {
			continue // ids are time-ordered: the newest statement of the amount wins
		}
		loc := oneAmountOf(c.Text, unit)
		if loc == nil {
			continue
		}
		old, _ := strconv.ParseFloat(c.Text[loc[0]:loc[1]], 64)
		if old+d < 0 {
			continue
		}
		text, target = c.Text[:loc[0]]+strconv.FormatFloat(old+d, 'f', -1, 64)+c.Text[loc[1]:], c.ID
	}
	return text, target, target != ""
}

// delta0 reports a candidate that is itself a delta: "User lost 3 kg" holds no amount had.
func delta0(s string) bool {
	_, _, ok := delta(s)
	return ok
}

// oneAmountOf returns where the number before unit is in s, when s states exactly one
// number of that unit ("91 kg", "3 rabbits"; stems fold plurals), or nil.
func oneAmountOf(s, unit string) []int {
	var at []int
	for _, m := range storedAmountRe.FindAllStringSubmatchIndex(s, -1) {
		if text.Stem(strings.ToLower(s[m[4]:m[5]])) != text.Stem(strings.ToLower(unit)) {
			continue
		}
		if at != nil {
			return nil // two amounts of the unit: which one moved is not said
		}
		at = m[2:4]
	}
	return at
}

// holderOf is the subject a fact opens with, up to its first verb-like word: "User",
// "User's team".
func holderOf(s string) string {
	w := strings.Fields(s)
	if len(w) == 0 {
		return ""
	}
	h := w[0]
	for i := 1; i < len(w) && strings.HasSuffix(w[i-1], "'s"); i++ {
		h += " " + w[i]
	}
	return strings.ToLower(h)
}
