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
// states the wrong value, and its text with the right one in its place. about
// says whose value it was (extract.Fact.About): empty, the speaker's; else only
// a candidate about someone else may be corrected (othersFact).
func Corrected(fact, about string, cands []Candidate) (text, target string, ok bool) {
	fact = strings.TrimSpace(fact)
	right, wrong, topic, ok := correction(fact)
	if !ok {
		return valueCorrected(fact, cands)
	}
	speaker := speakerOf(fact)
	for _, w := range wrongForms(wrong, right) {
		wrongRe := wrongValueRe(w, right)
		for _, c := range cands {
			if c.ID <= target || !wrongRe.MatchString(c.Text) || wrongRe.MatchString(right) || !mentions(c.Text, topic) ||
				about != "" && !othersFact(c.Text, speaker, about) {
				continue // ids are time-ordered: the newest statement of the wrong value wins
			}
			fixed := withoutSharedTail(right, c.Text[wrongRe.FindStringSubmatchIndex(c.Text)[4]:])
			text, target = wrongRe.ReplaceAllString(c.Text, "${1}"+escapeDollars(fixed)+"${2}"), c.ID
		}
		if target != "" {
			return text, target, true
		}
	}
	return "", "", false
}

// wrongValueRe finds the wrong value of a correction in a stored text. A right
// value with a count said against a bare thing ("3 cats, not kids") replaces the
// count stored with the thing too: "has 2 kids" becomes "has 3 cats", not "has 2 3 cats".
func wrongValueRe(wrong, right string) *regexp.Regexp {
	count := ""
	if countedRe.MatchString(right) && !countedRe.MatchString(wrong) {
		count = `(?:` + countValue + `[\s-]+)?`
	}
	return regexp.MustCompile(`(?i)(^|\W)` + count + regexp.QuoteMeta(wrong) + `($|\W)`)
}

// countedRe: a value that starts with a count ("3 cats", "three cats").
var countedRe = regexp.MustCompile(`(?i)^` + countValue + `\s+\S`)

// withoutSharedTail drops the words ending a right value that the stored text
// already has after the wrong one: "65 lbs" for the "60" of "weighs 60 lb" is
// "65", "4th grade" for the "3rd" of "in 3rd grade" is "4th".
func withoutSharedTail(right, after string) string {
	words, next := strings.Fields(right), strings.Fields(after)
	for k := 1; k < len(words); k++ {
		tail := words[k:]
		if len(next) < len(tail) {
			continue
		}
		same := true
		for i, w := range tail {
			same = same && oneWordForm(w, strings.Trim(next[i], ".,;!"))
		}
		if same {
			return strings.Join(words[:k], " ")
		}
	}
	return right
}

// oneWordForm reports one word in two forms: "grades" and "grade", "lbs" and "lb".
func oneWordForm(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	return text.Stem(a) == text.Stem(b) || strings.TrimSuffix(a, "s") == strings.TrimSuffix(b, "s")
}

// othersFact reports a stored fact a correction of someone else may fix: one
// that names them ("neighbour" in "User's neighbours have 2 kids"), or, for a
// pronoun, one about someone or something of the speaker's ("User's dog Rex is
// 5 years old", "User has a siamese cat") or about someone else ("Tom is a
// nurse"); never one of the speaker's own ("User is a nurse in Leeds").
func othersFact(stored, speaker, about string) bool {
	if !pronounOwners[about] {
		return mentions(stored, about)
	}
	rest, own := strings.CutPrefix(stored, speaker+" ")
	return !own || strings.HasPrefix(stored, speaker+"'s ") || ownedThingRe.MatchString(rest)
}

// speakerOf returns who made a correction: the word before "meant" ("Sorry,
// User meant …" is User's).
func speakerOf(fact string) string {
	head, _, _ := strings.Cut(fact, " meant")
	words := strings.Fields(head)
	if len(words) == 0 {
		return ""
	}
	return words[len(words)-1]
}

// pronounOwners are the pronouns a correction of someone else is said with.
var pronounOwners = map[string]bool{"he": true, "she": true, "they": true}

// ownedThingRe: "has a siamese cat", a one thing or pet of the speaker's, which
// "she's a ragdoll, not a siamese" corrects. A count had ("has 2 kids") is the
// speaker's own.
var ownedThingRe = regexp.MustCompile(`(?i)^(?:has|owns|got) (?:a|an) `)

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

// Mentioning returns the candidates that name every term of topic: those a
// correction of that thing's value may fix ("retro" in "the retro is the 9th, not
// the 8th"). An empty topic keeps them all.
func Mentioning(cands []Candidate, topic string) []Candidate {
	if strings.TrimSpace(topic) == "" {
		return cands
	}
	var out []Candidate
	for _, c := range cands {
		if mentions(c.Text, topic) {
			out = append(out, c)
		}
	}
	return out
}

var (
	// bareHourRe: "9", an hour said without minutes or its half of the day.
	bareHourRe = regexp.MustCompile(`^(?:[1-9]|1[0-2])$`)
	// clockRe: "12:30", "12:30pm", "10 pm": a time of day.
	clockRe = regexp.MustCompile(`(?i)^\d{1,2}(?::\d\d\s?(?:am|pm)?|\s?(?:am|pm))$`)
)

// dayOfMonthRe: "the 12th", a day named by its number only.
var dayOfMonthRe = regexp.MustCompile(`(?i)^(?:the )?(\d{1,2})(?:st|nd|rd|th)$`)

// wrongForms are the texts the wrong value may have been stored as. A weekday
// named again in a correction ("not Monday") resolves against the time of the
// correction, which may put it a week off the date first stored: the same
// weekday a week either side is the same Monday said on another day. A day of
// the month ("not the 12th") against a right date is that day of the right
// date's month.
func wrongForms(wrong, right string) []string {
	if bareHourRe.MatchString(wrong) && clockRe.MatchString(right) {
		// "12:30, not 12" against "is at 12pm": the hour was stored with its half of the day
		return []string{wrong, wrong + "am", wrong + " am", wrong + "pm", wrong + " pm", wrong + ":00"}
	}
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

// Confirms reports a correction that fixes no stored value but whose right value
// a candidate already states: "User meant Wednesdays, not Fridays" said to a
// restatement that got it wrong ("pottery on Fridays then!") while "User has
// pottery class on Wednesdays" is stored. What was meant is already kept, so the
// correction is no fact of its own.
func Confirms(fact string, cands []Candidate) bool {
	right, wrong, _, ok := correction(strings.TrimSpace(fact))
	if !ok {
		return false
	}
	rightRe := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(right) + `\b`)
	wrongRe := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(wrong) + `\b`)
	for _, c := range cands {
		if rightRe.MatchString(c.Text) && !wrongRe.MatchString(c.Text) && !strings.Contains(c.Text, " meant ") {
			return true
		}
	}
	return false
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
	wrong, _, _ = strings.Cut(strings.TrimSpace(m[2]), ", ") // "not Acme, autocorrect": an aside after the value
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
