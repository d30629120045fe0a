package ingest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/text"
)

// A correction says a value just stated was wrong: "Sorry, I meant Tuesday, not
// Monday", "Correction: the flight is at 9, not 7". Distilled, it is "User meant
// X, not Y", a fact about nothing; what it means is the stored fact that said Y,
// now saying X. Corrected finds that fact and writes the corrected text.

var (
	// meantRe: "Sorry, User meant Houston, not Dallas".
	meantRe = regexp.MustCompile(`(?i)^(?:(?:sorry|oops|actually|correction|wait|no|my bad)[,:;!.]?\s+)*\S+ (?:meant|means|meant to say) (.+?),? (?:not|rather than|instead of) (.+?)[.!]?$`)
	// markedRe: "Correction: 9 am, not 7 am" — a marker and two short values.
	markedRe = regexp.MustCompile(`(?i)^(?:sorry|oops|correction|wait|my bad)[,:;!.]?\s+(.+?),? not (.+?)[.!]?$`)
)

// maxCorrectionWords bounds each value of a correction: longer ones are
// statements of their own, which the slots compare instead.
const maxCorrectionWords = 4

// Corrected returns, when fact corrects a value, the newest candidate that
// states the wrong value, and its text with the right one in its place.
func Corrected(fact string, cands []Candidate) (text, target string, ok bool) {
	right, wrong, topic, ok := correction(strings.TrimSpace(fact))
	if !ok {
		return valueCorrected(strings.TrimSpace(fact), cands)
	}
	for _, w := range wrongForms(wrong, right) {
		wrongRe := regexp.MustCompile(`(?i)(^|\W)` + regexp.QuoteMeta(w) + `($|\W)`)
		for _, c := range cands {
			if c.ID <= target || !wrongRe.MatchString(c.Text) || wrongRe.MatchString(right) || !mentions(c.Text, topic) {
				continue // ids are time-ordered: the newest statement of the wrong value wins
			}
			text, target = wrongRe.ReplaceAllString(c.Text, "${1}"+escapeDollars(right)+"${2}"), c.ID
		}
		if target != "" {
			return text, target, true
		}
	}
	return "", "", false
}

// isoDateRe is a day as the extractor writes it (2025-03-04).
var isoDateRe = regexp.MustCompile(`\b\d{4}-\d\d-\d\d\b`)

// topicRe: "2025-03-21 for the dentist" — a corrected value and what it is of.
var topicRe = regexp.MustCompile(`(?i)^(?:on |at |in |by )?(\S+(?: \S+)?) (?:for|of) (?:the |my |our |user's )?([a-z][\w-]*(?: [a-z][\w-]*)?)$`)

// cutTopic splits a corrected value from the thing it is of ("I meant March 21 for the
// dentist, not the 12th"): the value replaces the wrong one, the topic picks the fact.
func cutTopic(right string) (value, topic string) {
	if m := topicRe.FindStringSubmatch(right); m != nil {
		return m[1], m[2]
	}
	return right, ""
}

// mentions reports a stored text that names every term of topic ("dentist" in "User's
// dentist appointment is on 2025-03-12"), or any text when there is no topic.
func mentions(stored, topic string) bool {
	have := termSet(stored)
	for t := range termSet(topic) {
		if !have[t] {
			return false
		}
	}
	return true
}

// dayOfMonthRe: "the 12th", a day named by its number only.
var dayOfMonthRe = regexp.MustCompile(`(?i)^(?:the )?(\d{1,2})(?:st|nd|rd|th)$`)

// wrongForms are the texts the wrong value may have been stored as. A weekday
// named again in a correction ("not Monday") resolves against the time of the
// correction, which may put it a week off the date first stored: the same
// weekday a week either side is the same Monday said on another day. A day of
// the month ("not the 12th") against a right date is that day of the right
// date's month.
func wrongForms(wrong, right string) []string {
	if m := dayOfMonthRe.FindStringSubmatch(wrong); m != nil && isoDateRe.MatchString(right) {
		date := isoDateRe.FindString(right)
		if day, err := strconv.Atoi(m[1]); err == nil && day >= 1 && day <= 31 {
			return []string{wrong, fmt.Sprintf("%s-%02d", date[:7], day)}
		}
	}
	loc := isoDateRe.FindStringIndex(wrong)
	if loc == nil {
		return []string{wrong}
	}
	day, err := time.Parse(time.DateOnly, wrong[loc[0]:loc[1]])
	if err != nil {
		return []string{wrong}
	}
	out := []string{wrong}
	for _, shift := range []int{-7, 7} {
		out = append(out, wrong[:loc[0]]+day.AddDate(0, 0, shift).Format(time.DateOnly)+wrong[loc[1]:])
	}
	return out
}

// correction reads the right and the wrong value of a correction, and what the
// value is of when it says so.
func correction(fact string) (right, wrong, topic string, ok bool) {
	m := meantRe.FindStringSubmatch(fact)
	if m == nil {
		m = markedRe.FindStringSubmatch(fact)
	}
	if m == nil {
		return "", "", "", false
	}
	right, topic = cutTopic(strings.TrimSpace(m[1]))
	wrong = strings.TrimSpace(m[2])
	if right == "" || wrong == "" || strings.EqualFold(right, wrong) ||
		len(strings.Fields(right)) > maxCorrectionWords || len(strings.Fields(wrong)) > maxCorrectionWords {
		return "", "", "", false
	}
	return right, wrong, topic, true
}

func escapeDollars(s string) string { return strings.ReplaceAll(s, "$", "$$") }

// meantOnlyRe: "User meant 4 spaces", a correction that names only the right value
// ("Scratch that, it's 4 spaces"). Group 1 is the value.
var meantOnlyRe = regexp.MustCompile(`(?i)^\S+ meant (?:on |at |in )?(.+?)[.!]?$`)

// countValue is a count in digits or in words ("3", "three"): "I meant three kids"
// corrects "has two kids".
const countValue = `(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`

// valueShapes are the kinds of value a correction without the wrong one can replace:
// each finds a value of its kind in a stored text. A time of day matches any ("7 am"
// for "9 pm"), a number with a unit the same unit ("2 spaces" for "4 spaces"), a day
// or a date any of its form.
var valueShapes = []struct {
	right *regexp.Regexp
	wrong func(right []string) *regexp.Regexp
}{
	{regexp.MustCompile(`(?i)^\d{1,2}(?::\d\d)?\s?(?:am|pm)$|^\d{1,2}:\d\d$`), func([]string) *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b`)
	}},
	{regexp.MustCompile(`(?i)^` + countValue + `\s+([a-z]+)$`), func(m []string) *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b` + countValue + `[\s-]+` + regexp.QuoteMeta(text.Stem(strings.ToLower(m[1]))) + `[a-z]*\b`)
	}},
	{regexp.MustCompile(`(?i)^(?:the )?\d{1,2}(?:st|nd|rd|th)$`), func([]string) *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:the )?\d{1,2}(?:st|nd|rd|th)\b`)
	}},
	{regexp.MustCompile(`^\d{4}-\d\d-\d\d$`), func([]string) *regexp.Regexp {
		return regexp.MustCompile(`\b\d{4}-\d\d-\d\d\b`)
	}},
}

// ValueCorrection reports a fact that only gives a right value ("User meant 4
// spaces"): it means something only as the stored fact it corrects, and is no
// fact of its own when it corrects nothing.
func ValueCorrection(fact string) bool {
	_, wrongRe := valueCorrectionRe(strings.TrimSpace(fact))
	return wrongRe != nil
}

// valueCorrectionRe returns the right value of a value-only correction and the
// expression that finds a stored value of its kind.
func valueCorrectionRe(fact string) (string, *regexp.Regexp) {
	m := meantOnlyRe.FindStringSubmatch(fact)
	if m == nil || strings.Contains(m[1], ",") {
		return "", nil
	}
	for _, shape := range valueShapes {
		if rm := shape.right.FindStringSubmatch(m[1]); rm != nil {
			return m[1], shape.wrong(rm)
		}
	}
	return "", nil
}

// valueCorrected is Corrected for a correction that names only the right value:
// the newest candidate holding a value of its kind, with the right value in place
// of that one.
func valueCorrected(fact string, cands []Candidate) (text, target string, ok bool) {
	right, wrongRe := valueCorrectionRe(fact)
	if wrongRe == nil {
		return "", "", false
	}
	for _, c := range cands {
		loc := wrongRe.FindStringIndex(c.Text)
		if c.ID <= target || loc == nil || strings.EqualFold(c.Text[loc[0]:loc[1]], right) || meantOnlyRe.MatchString(c.Text) {
			continue // ids are time-ordered: the newest stated value of the kind wins
		}
		text, target = c.Text[:loc[0]]+right+c.Text[loc[1]:], c.ID
	}
	return text, target, target != ""
}
