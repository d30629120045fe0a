package ingest

import (
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/memsvc/memsvc/text"
)

// Some facts are said in fixed English turns that share too few words for
// restated to see one fact in them: a preference pair ("prefers tea over
// coffee", "likes tea more than coffee"), a diet ("is vegetarian", "follows a
// vegetarian diet", "does not eat any animal products" for "is vegan") and a birthday ("'s birthday is on July 14", "was born on
// 14 July"). saying reads such a fact as one canonical statement, holder and
// order kept, so that two texts with the same reading are one fact said twice.
// Only the NOOP decision reads it (restated): a change is judged before, and a
// reading that differs in holder, order or value says nothing. No reading
// matches a negated turn but the one that defines a diet by what it leaves out.

// saying returns the canonical statement of fact, or "" when it is said in
// none of the turns read here.
func saying(fact string) string {
	for _, read := range []func(string) string{preferencePair, dietFollowed, birthDay} {
		if s := read(fact); s != "" {
			return s
		}
	}
	return ""
}

// saidAlike reports two facts with one canonical statement.
func saidAlike(a, b string) bool {
	sa := saying(a)
	return sa != "" && sa == saying(b)
}

// preferenceRe is a preference of one thing over another: groups 1 the holder, 2
// the verb, 3 the thing preferred, 4 the joiner, 5 the other thing. "To" joins
// only after "prefers" ("prefers cats to dogs"): "likes walking to work" compares
// nothing.
var preferenceRe = regexp.MustCompile(`(?i)^(.+?)\s+(prefers|likes|loves|enjoys|favou?rs)\s+(.+?)\s+` +
	`(over|to|more than|better than|rather than|instead of|above)\s+(.+?)[.!]*$`)

// preferenceAdverbs say how strongly a preference is held, not what it is.
var preferenceAdverbs = map[string]bool{"still": true, "really": true, "actually": true, "just": true,
	"much": true, "definitely": true, "always": true, "generally": true, "usually": true, "way": true, "far": true}

// preferencePair reads "User prefers tea over coffee" and "User likes tea more than
// coffee" alike: the holder, then the two things in order, each by its terms.
func preferencePair(fact string) string {
	m := preferenceRe.FindStringSubmatch(strings.TrimSpace(fact))
	if m == nil || strings.EqualFold(m[4], "to") && !strings.EqualFold(m[2], "prefers") {
		return ""
	}
	preferred := strings.ToLower(m[3])
	if strings.HasPrefix(preferred, "to ") {
		return "" // "prefers to walk to work": a verb, not a thing preferred
	}
	return "prefers|" + holderKey(m[1], preferenceAdverbs) + "|" + termKey(preferred) + "|" + termKey(m[5])
}

// dietRe is a diet followed: groups 1 the holder, 2 the diet's label.
var dietRe = regexp.MustCompile(`(?i)^(.+?)\s+(?:follows|eats|keeps|sticks to|is on|has been on|stays on)\s+an?\s+` +
	`([a-z][a-z-]*)\s+diet[.!]*$`)

// dietLabels are the labels a person is said to be ("User is vegetarian") that are
// also a diet followed ("User follows a vegetarian diet").
var dietLabels = map[string]bool{"vegetarian": true, "vegan": true, "pescatarian": true, "pescetarian": true,
	"keto": true, "paleo": true, "flexitarian": true, "carnivore": true, "gluten-free": true, "halal": true, "kosher": true}

// dietLabelRe is a diet label said of its holder: groups 1 the holder, 2 the label.
var dietLabelRe = regexp.MustCompile(`(?i)^(.+?)\s+(?:is|are|has been|went|became)\s+(?:an?\s+)?(?:strict\s+|strictly\s+|fully\s+)?([a-z][a-z-]*)[.!]*$`)

// dietFollowed reads "User is vegetarian", "User is a vegetarian" and "User follows
// a vegetarian diet" alike: the holder and the label.
func dietFollowed(fact string) string {
	fact = strings.TrimSpace(fact)
	if m := noAnimalProductsRe.FindStringSubmatch(fact); m != nil {
		return "diet|" + holderKey(m[1], fillerWords) + "|vegan"
	}
	m := dietRe.FindStringSubmatch(fact)
	if m == nil {
		if m = dietLabelRe.FindStringSubmatch(fact); m == nil || !dietLabels[strings.ToLower(m[2])] {
			return ""
		}
	}
	return "diet|" + holderKey(m[1], fillerWords) + "|" + strings.ToLower(m[2])
}

// noAnimalProductsRe is the definition of a vegan diet said of its holder: group 1
// the holder. The negation is the reading's own, so saidAlike is read before
// restated compares the negations.
var noAnimalProductsRe = regexp.MustCompile(`(?i)^(.+?)\s+(?:does not|doesn't|do not|don't|never|avoids)\s+` +
	`(?:eats?\s+|consumes?\s+|uses?\s+)?(?:any\s+|all\s+)?animal products[.!]*$`)

// fillerWords are the filler words of fillerTerms, unanalysed, for a holder.
var fillerWords = text.WordSet(fillers)

// birthRe is a birthday or a birth date: group 1 the holder, group 2 what follows.
var birthRe = regexp.MustCompile(`(?i)^(.+?)(?:'s\s+birthday\s+is|\s+(?:was|were)\s+born)\s+(?:on\s+)?(.+)$`)

// Days of the year as written: "July 14th", "14 July", "14th of July", "2024-07-14".
var (
	monthDayRe = regexp.MustCompile(`(?i)^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b`)
	dayMonthRe = regexp.MustCompile(`(?i)^(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b`)
	isoDayRe   = regexp.MustCompile(`^\d{4}-(\d{2})-(\d{2})\b`)
)

// birthDay reads "User's birthday is on July 14" and "User was born on 14 July"
// alike: the holder and the day of the year. A year, when one is written, says
// when the holder was born, which a birthday does not deny.
func birthDay(fact string) string {
	m := birthRe.FindStringSubmatch(strings.TrimSpace(fact))
	if m == nil {
		return ""
	}
	day := dayOfYear(strings.TrimPrefix(strings.TrimSpace(m[2]), "the "))
	if day == "" {
		return ""
	}
	return "born|" + holderKey(m[1], nil) + "|" + day
}

// dayOfYear returns "07-14" for a day of the year written at the start of s, or "".
func dayOfYear(s string) string {
	var month, day string
	if m := monthDayRe.FindStringSubmatch(s); m != nil {
		month, day = m[1], m[2]
	} else if m := dayMonthRe.FindStringSubmatch(s); m != nil {
		month, day = m[2], m[1]
	} else if m := isoDayRe.FindStringSubmatch(s); m != nil {
		return m[1] + "-" + m[2]
	} else {
		return ""
	}
	t, err := time.Parse("Jan 2", strings.ToUpper(month[:1])+strings.ToLower(month[1:3])+" "+day)
	if err != nil {
		return ""
	}
	return t.Format("01-02")
}

// holderKey is a holder's words, lower case, without the adverbs of skip.
func holderKey(holder string, skip map[string]bool) string {
	words := strings.Fields(strings.ToLower(holder))
	words = slices.DeleteFunc(words, func(w string) bool { return skip[w] })
	return strings.Join(words, " ")
}

// termKey is the sorted analysed terms of a phrase, so word forms and number
// spellings read alike ("cat", "cats").
func termKey(phrase string) string {
	var terms []string
	for t := range termSet(phrase) {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	return strings.Join(terms, " ")
}
